import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { GetProductQuery } from '../catalog';
import type { RequestContext } from '../platform/context/request-context';
import { notFound } from '../platform/errors/domain-error';
import { CommandRunner, CommandSource } from '../platform/event-store/command-runner';
import { cartDecider, CartCommand } from './cart.decider';
import { cartStream } from './cart.events';
import { CartReader } from './cart.reader';
import type { CartView } from './cart.views';
import type { CartResponse } from './cart.responses';

/** Turns the cart API's calls into cart commands, looking up what the decider needs. */
@Injectable()
export class CartService {
  constructor(
    private readonly queries: QueryBus,
    private readonly reader: CartReader,
    private readonly runner: CommandRunner,
  ) {}

  /** One cart per session: asking again (or twice at once) returns the same cart. */
  async create(sessionId: string, caller: RequestContext): Promise<{ cart: CartView; created: boolean }> {
    const existing = await this.reader.bySession(sessionId);
    if (existing) return { cart: existing, created: false };
    const cartId = randomUUID();
    try {
      await this.runner.run(cartDecider, cartStream(cartId), { kind: 'CreateCart', cartId, sessionId }, caller);
    } catch (error) {
      // A concurrent create for the same session won; the carts table's unique session keeps one.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      const winner = await this.reader.bySession(sessionId);
      if (winner) return { cart: winner, created: false };
      throw error;
    }
    return { cart: (await this.reader.bySession(sessionId))!, created: true };
  }

  addItem(cartId: string, productId: number, quantity: number, caller: RequestContext): Promise<CartResponse> {
    const newItemId = randomUUID();
    return this.run(
      cartId,
      async () => {
        const product = await this.queries.execute(new GetProductQuery(productId));
        if (!product) throw notFound(`Product ${productId} was not found.`);
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
        const product = await this.queries.execute(new GetProductQuery(line.productId));
        const stock = product ?? { name: line.name, inStock: false, stockQuantity: 0 };
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

  /** Straight to the runner: the command bus would add a hop and nothing else. */
  private async run(cartId: string, command: CommandSource<CartCommand>, caller: RequestContext): Promise<CartResponse> {
    await this.runner.run(cartDecider, cartStream(cartId), command, caller);
    const response = await this.reader.response(cartId);
    if (!response) throw notFound('That cart was not found.');
    return response;
  }
}
