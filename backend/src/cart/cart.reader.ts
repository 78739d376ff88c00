import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CartItemView, CartResponse, CartView, toCartResponse } from './cart.views';

/** Reads of the carts projection. */
@Injectable()
export class CartReader {
  constructor(private readonly orm: MikroORM) {}

  /** The cheapest read: enough to answer a poll with 304. */
  async versionOfSession(sessionId: string): Promise<{ id: string; version: number } | null> {
    const [row] = await this.em().execute<{ id: string; version: number }[]>('select id, version from carts where session_id = ?', [sessionId]);
    return row ?? null;
  }

  async bySession(sessionId: string): Promise<CartView | null> {
    return this.em().findOne(CartView, { sessionId });
  }

  async response(cartId: string): Promise<CartResponse | null> {
    const em = this.em();
    const cart = await em.findOne(CartView, { id: cartId });
    if (!cart) return null;
    const items = await em.find(CartItemView, { cartId }, { orderBy: { addedAt: 'asc', id: 'asc' } });
    return toCartResponse(cart, items);
  }

  async itemLine(itemId: string): Promise<CartItemView | null> {
    return this.em().findOne(CartItemView, { id: itemId });
  }

  private em(): EntityManager {
    return this.orm.em.fork() as EntityManager;
  }
}
