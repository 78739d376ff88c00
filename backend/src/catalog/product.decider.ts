import { conflict, invalid, notFound } from '../platform/errors/domain-error';
import type { Decider } from '../platform/event-store/decider';
import type { ProductDetails, ProductEvent, Stock } from './product.events';
import { assertAvailable } from './stock-rules';

export type ProductState =
  | { exists: false }
  | ({ exists: true; productId: number; reservations: Readonly<Record<string, number>> } & ProductDetails & Stock);

export type ProductCommand =
  | ({ kind: 'AddProduct'; productId: number } & ProductDetails & Stock)
  | { kind: 'ChangeProductDetails'; productId: number; changes: Partial<ProductDetails> }
  | ({ kind: 'SetStock'; productId: number } & Stock)
  | { kind: 'ReserveStock'; productId: number; orderId: string; quantity: number }
  | { kind: 'ReleaseStock'; productId: number; orderId: string }
  | { kind: 'SellStock'; productId: number; orderId: string }
  | { kind: 'ImportFromSquare'; productId: number; squareItemId: string; details: ProductDetails; stock: Stock };

/** Units on hand that no checkout holds. */
export function availableStock(state: Extract<ProductState, { exists: true }>): number {
  const held = Object.values(state.reservations).reduce((sum, q) => sum + q, 0);
  return Math.max(0, state.stockQuantity - held);
}

const MAX_PRICE_CENTS = 10_000_000;
const MAX_STOCK = 100_000;

function checkDetails(d: Partial<ProductDetails>): void {
  if (d.name !== undefined && d.name.trim() === '') throw invalid('A product needs a name.');
  if (d.priceCents !== undefined && (!Number.isInteger(d.priceCents) || d.priceCents < 0 || d.priceCents > MAX_PRICE_CENTS)) {
    throw invalid('The price must be a whole number of cents between 0 and 100000.00 dollars.');
  }
}

function checkStock(s: Stock): void {
  if (!Number.isInteger(s.stockQuantity) || s.stockQuantity < 0 || s.stockQuantity > MAX_STOCK) {
    throw invalid(`The stock quantity must be a whole number from 0 to ${MAX_STOCK}.`);
  }
}

export const productDecider: Decider<ProductState, ProductCommand, ProductEvent> = {
  initialState: { exists: false },

  evolve(state, event) {
    switch (event.type) {
      case 'ProductAdded':
        return { exists: true, ...event.data, reservations: {} };
      case 'ProductImportedFromSquare': {
        const { squareItemId: _squareItemId, ...data } = event.data;
        return { exists: true, ...data, reservations: {} };
      }
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'ProductDetailsChanged':
      case 'StockSet':
        return { ...state, ...event.data };
      case 'StockReserved':
        return { ...state, reservations: { ...state.reservations, [event.data.orderId]: event.data.quantity } };
      case 'StockReleased':
        return { ...state, reservations: without(state.reservations, event.data.orderId) };
      case 'StockSold': {
        // An operator may have lowered the count below what was held: never below zero.
        const stockQuantity = Math.max(0, state.stockQuantity - event.data.quantity);
        return { ...state, stockQuantity, inStock: state.inStock && stockQuantity > 0, reservations: without(state.reservations, event.data.orderId) };
      }
    }
  },

  decide(command, state) {
    switch (command.kind) {
      case 'AddProduct': {
        if (state.exists) throw conflict(`Product ${command.productId} already exists.`);
        const { kind, ...data } = command;
        checkDetails(data);
        checkStock(data);
        return [{ type: 'ProductAdded', data }];
      }
      case 'ChangeProductDetails': {
        if (!state.exists) throw notFound(`Product ${command.productId} was not found.`);
        checkDetails(command.changes);
        return detailsChanged(state, command.changes);
      }
      case 'ImportFromSquare': {
        checkDetails(command.details);
        checkStock(command.stock);
        if (!state.exists) return [{ type: 'ProductImportedFromSquare', data: { productId: command.productId, squareItemId: command.squareItemId, ...command.details, ...command.stock } }];
        // Only what Square changed: a second sync with nothing new records nothing.
        const stockChanged = state.inStock !== command.stock.inStock || state.stockQuantity !== command.stock.stockQuantity;
        return [...detailsChanged(state, command.details), ...(stockChanged ? [{ type: 'StockSet' as const, data: command.stock }] : [])];
      }
      case 'SetStock': {
        if (!state.exists) throw notFound(`Product ${command.productId} was not found.`);
        checkStock(command);
        if (state.inStock === command.inStock && state.stockQuantity === command.stockQuantity) return [];
        return [{ type: 'StockSet', data: { inStock: command.inStock, stockQuantity: command.stockQuantity } }];
      }
      case 'ReserveStock': {
        if (!state.exists) throw notFound(`Product ${command.productId} was not found.`);
        // A retried checkout asks again: what it already holds is its answer.
        if (command.orderId in state.reservations) return [];
        assertAvailable({ name: state.name, inStock: state.inStock, available: availableStock(state), productId: state.productId }, command.quantity);
        return [{ type: 'StockReserved', data: { orderId: command.orderId, quantity: command.quantity } }];
      }
      case 'ReleaseStock': {
        const quantity = state.exists ? state.reservations[command.orderId] : undefined;
        if (quantity === undefined) return [];
        return [{ type: 'StockReleased', data: { orderId: command.orderId, quantity } }];
      }
      case 'SellStock': {
        // Sold once: a repeat (a retried job, a reconciliation) finds nothing held and does nothing.
        const quantity = state.exists ? state.reservations[command.orderId] : undefined;
        if (quantity === undefined) return [];
        return [{ type: 'StockSold', data: { orderId: command.orderId, quantity } }];
      }
    }
  },
};

function detailsChanged(state: ProductDetails, changes: Partial<ProductDetails>): ProductEvent[] {
  const changed = Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => value !== undefined && state[key as keyof ProductDetails] !== value),
  ) as Partial<ProductDetails>;
  return Object.keys(changed).length ? [{ type: 'ProductDetailsChanged', data: changed }] : [];
}

function without(reservations: Readonly<Record<string, number>>, orderId: string): Record<string, number> {
  const { [orderId]: _released, ...rest } = reservations;
  return rest;
}
