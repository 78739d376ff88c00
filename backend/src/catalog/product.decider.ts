import { conflict, invalid, notFound } from '../platform/errors/domain-error';
import type { Decider } from '../platform/event-store/decider';
import type { ProductDetails, ProductEvent, Stock } from './product.events';

export type ProductState = { exists: false } | ({ exists: true; productId: number } & ProductDetails & Stock);

export type ProductCommand =
  | ({ kind: 'AddProduct'; productId: number } & ProductDetails & Stock)
  | { kind: 'ChangeProductDetails'; productId: number; changes: Partial<ProductDetails> }
  | ({ kind: 'SetStock'; productId: number } & Stock);

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
        return { exists: true, ...event.data };
      case 'ProductDetailsChanged':
        return state.exists ? { ...state, ...event.data } : state;
      case 'StockSet':
        return state.exists ? { ...state, ...event.data } : state;
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
        const changed = Object.fromEntries(
          Object.entries(command.changes).filter(([key, value]) => value !== undefined && state[key as keyof ProductDetails] !== value),
        ) as Partial<ProductDetails>;
        return Object.keys(changed).length ? [{ type: 'ProductDetailsChanged', data: changed }] : [];
      }
      case 'SetStock': {
        if (!state.exists) throw notFound(`Product ${command.productId} was not found.`);
        checkStock(command);
        if (state.inStock === command.inStock && state.stockQuantity === command.stockQuantity) return [];
        return [{ type: 'StockSet', data: { inStock: command.inStock, stockQuantity: command.stockQuantity } }];
      }
    }
  },
};
