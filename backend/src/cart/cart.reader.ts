import { batchedReads } from '../platform/database/batched-reads';
import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CartItemView, CartView, toCartResponse } from './cart.views';
import type { CartResponse } from './cart.responses';

interface ResponseRow {
  id: string;
  session_id: string;
  total_cents: number;
  customer_name: string | null;
  customer_email: string | null;
  email_sent: boolean;
  recovery_email_count: number;
  abandoned_at: string | Date | null;
  checkout_order_id: string | null;
  version: number;
  created_at: string | Date;
  updated_at: string | Date;
  items: (Omit<CartItemView, 'cartId' | 'addedAt'> & { addedAt: string })[];
}

/** Carts with their lines, `ids` of them: one `?` per id. */
const responsesSql = (ids: number) => `
  select c.*, coalesce((
    select json_agg(json_build_object('id', i.id, 'productId', i.product_id, 'variantId', i.variant_id, 'variantName', i.variant_name, 'name', i.name, 'imageUrl', i.image_url,
        'unitPriceCents', i.unit_price_cents, 'quantity', i.quantity, 'addedAt', i.added_at) order by i.added_at, i.id)
      from cart_items i where i.cart_id = c.id), '[]') as items
  from carts c where c.id in (${Array(ids).fill('?').join(', ')})`;

/** What a change to a line needs to know of it before it loads the cart. */
export type ItemLine = Pick<CartItemView, 'cartId' | 'productId' | 'variantId' | 'variantName' | 'name'>;

/** Lines of the carts in use; past it the oldest are read again. */
const MAX_LINES = 50_000;

/** Reads of the carts projection. */
@Injectable()
export class CartReader {
  private readonly lines = new Map<string, ItemLine>();
  /** Answers asked for together, in one query (see batchedReads): the writes of one group commit resume together and each asks for its cart. */
  private readonly responses = batchedReads(async (ids: readonly string[]) => {
    const rows = await this.connection().execute<ResponseRow[]>(responsesSql(ids.length), [...ids]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id));
  });

  constructor(private readonly orm: MikroORM) {}

  /** The cheapest read: enough to answer a poll with 304. */
  async versionOfSession(sessionId: string): Promise<{ id: string; version: number } | null> {
    const [row] = await this.connection().execute<{ id: string; version: number }[]>('select id, version from carts where session_id = ?', [sessionId]);
    return row ?? null;
  }

  async bySession(sessionId: string): Promise<CartView | null> {
    return this.em().findOne(CartView, { sessionId });
  }

  /** The row itself, whole contact included: for the shop's own use, never a public answer. */
  async byId(cartId: string): Promise<CartView | null> {
    return this.em().findOne(CartView, { id: cartId });
  }

  /** The cart and its lines, in one query with the other answers asked for at the same moment: every cart call answers with this. */
  async response(cartId: string): Promise<CartResponse | null> {
    const row = await this.responses.load(cartId);
    if (!row) return null;
    const cart: CartView = {
      id: row.id,
      sessionId: row.session_id,
      totalCents: row.total_cents,
      customerName: row.customer_name,
      customerEmail: row.customer_email,
      emailSent: row.email_sent,
      recoveryEmailCount: row.recovery_email_count,
      abandonedAt: row.abandoned_at ? new Date(row.abandoned_at) : null,
      checkoutOrderId: row.checkout_order_id,
      version: row.version,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    };
    const items = row.items.map((i): CartItemView => ({ ...i, cartId, addedAt: new Date(i.addedAt) }));
    return toCartResponse(cart, items);
  }

  /**
   * The line's cart and product: what a change to the line needs before it can load the cart. An
   * item id names one line of one cart for good, so a line once read is remembered (a line since
   * removed is then refused by the cart itself, as it would be here).
   */
  async itemLine(itemId: string): Promise<ItemLine | null> {
    const known = this.lines.get(itemId);
    if (known) return known;
    const [row] = await this.connection().execute<ItemLine[]>(
      'select cart_id as "cartId", product_id as "productId", variant_id as "variantId", variant_name as "variantName", name from cart_items where id = ?',
      [itemId],
    );
    if (!row) return null;
    this.lines.set(itemId, row);
    if (this.lines.size > MAX_LINES) this.lines.delete(this.lines.keys().next().value!);
    return row;
  }

  /** Carts held by a checkout and untouched for `olderThanSeconds`, with the order that holds each. */
  async lockedSince(olderThanSeconds: number): Promise<{ cartId: string; orderId: string }[]> {
    return this.em().execute(
      `select id as "cartId", checkout_order_id as "orderId" from carts where checkout_order_id is not null and updated_at < now() - make_interval(secs => ?) limit 100`,
      [olderThanSeconds],
    );
  }

  /** Plain queries need no EntityManager of their own: the connection runs them. */
  private connection() {
    return (this.orm.em as EntityManager).getConnection();
  }

  private em(): EntityManager {
    return this.orm.em.fork() as EntityManager;
  }
}
