import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Products } from '../catalog';
import type { RequestContext } from '../platform/context/request-context';
import { notFound } from '../platform/errors/domain-error';
import type { CommandSource } from '../platform/event-store/command-runner';
import type { CartCommand } from './cart.decider';
import { Carts } from './carts';
import { CartReader } from './cart.reader';
import type { CartView } from './cart.views';
import type { CartResponse } from './cart.responses';

/** Turns the cart API's calls into cart commands, looking up what the decider needs. */
@Injectable()
export class CartService {
  constructor(
    private readonly products: Products,
    private readonly reader: CartReader,
    private readonly carts: Carts,
  ) {}

  /** One cart per session: asking again (or twice at once) returns the same cart. */
  async create(sessionId: string, caller: RequestContext): Promise<{ cart: CartView; created: boolean }> {
    const existing = await this.reader.bySession(sessionId);
    if (existing) return { cart: existing, created: false };
    const cartId = randomUUID();
    try {
      await this.carts.run(cartId, { kind: 'CreateCart', cartId, sessionId }, caller);
    } catch (error) {
      // A concurrent create for the same session won; the carts table's unique session keeps one.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      const winner = await this.reader.bySession(sessionId);
      if (winner) return { cart: winner, created: false };
      throw error;
    }
    return { cart: (await this.reader.bySession(sessionId))!, created: true };
  }

  addItem(cartId: string, productId: number, variantId: string | undefined, quantity: number, caller: RequestContext): Promise<CartResponse> {
    const newItemId = randomUUID();
    return this.run(
      cartId,
      async () => {
        const product = await this.products.snapshot(productId, variantId);
        // A draft is not in the shop yet: as unknown to a shopper as a product that does not exist.
        if (!product || product.draft) throw notFound(`Product ${productId} was not found.`);
        return { kind: 'AddItem', newItemId, quantity, product };
      },
      caller,
    );
  }

  async changeQuantity(itemId: string, quantity: number, caller: RequestContext): Promise<CartResponse> {
    const line = await this.lineOf(itemId);
    return this.run(
      line.cartId,
      async () => {
        const product = await this.products.snapshot(line.productId, line.variantId);
        const stock = product ?? { name: line.name, variantName: line.variantName, inStock: false, stockQuantity: 0 };
        return { kind: 'ChangeQuantity', itemId, quantity, stock };
      },
      caller,
    );
  }

  async removeItem(itemId: string, caller: RequestContext): Promise<CartResponse> {
    const line = await this.lineOf(itemId);
    return this.run(line.cartId, { kind: 'RemoveItem', itemId }, caller);
  }

  giveContactDetails(cartId: string, name: string, email: string, atCheckout: boolean, caller: RequestContext): Promise<CartResponse> {
    return this.run(cartId, { kind: 'GiveContactDetails', name, email, atCheckout }, caller);
  }

  clear(cartId: string, caller: RequestContext): Promise<CartResponse> {
    return this.run(cartId, { kind: 'ClearCart' }, caller);
  }

  private async lineOf(itemId: string) {
    const line = await this.reader.itemLine(itemId);
    if (!line) throw notFound('That item is no longer in the cart.');
    return line;
  }

  private async run(cartId: string, command: CommandSource<CartCommand>, caller: RequestContext): Promise<CartResponse> {
    await this.carts.run(cartId, command, caller);
    const response = await this.reader.response(cartId);
    if (!response) throw notFound('That cart was not found.');
    return response;
  }
}
