import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import type { FulfillmentStatus } from './order.state';
import { OrderView } from './order.view';

export interface OrderPageQuery {
  search?: string;
  status?: FulfillmentStatus | 'refunded';
  /** From 1. */
  page: number;
  pageSize: number;
}

/** Reads of the orders projection. */
@Injectable()
export class OrderReader {
  constructor(private readonly orm: MikroORM) {}

  /** The storefront knows an order by the payment id (its record's `orderId`) or the order number. */
  async byPaymentOrNumber(paymentId?: string, orderNumber?: string): Promise<OrderView | null> {
    if (!paymentId && !orderNumber) return null;
    const where = [...(paymentId ? [{ paymentId }, { id: isUuid(paymentId) ? paymentId : undefined }] : []), ...(orderNumber ? [{ orderNumber }] : [])];
    return this.em().findOne(OrderView, { $or: where.filter((w) => Object.values(w)[0] !== undefined) });
  }

  /** The order a Square payment paid for. */
  async byPaymentId(paymentId: string): Promise<OrderView | null> {
    return this.em().findOne(OrderView, { paymentId });
  }

  /** Checkouts that stopped part-way (their process died) and have not moved for `olderThanSeconds`. */
  async unfinished(olderThanSeconds: number): Promise<{ id: string; status: OrderView['status'] }[]> {
    return this.em().execute(
      `select id, status from orders where status in ('opened', 'charging', 'paid', 'failed') and updated_at < now() - make_interval(secs => ?) order by updated_at limit 100`,
      [olderThanSeconds],
    );
  }

  /** Orders with a refund asked of Square whose answer was never recorded, untouched for `olderThanSeconds`. */
  async withPendingRefunds(olderThanSeconds: number): Promise<string[]> {
    const rows = await this.em().execute<{ id: string }[]>(
      `select id from orders where refunds_pending > 0 and updated_at < now() - make_interval(secs => ?) order by updated_at limit 100`,
      [olderThanSeconds],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Orders whose fulfillment step has not reached their Square order (ready: PREPARED; picked up or
   * shipped: COMPLETED), untouched since `before`, oldest first; a step Square refused is left out.
   */
  async waitingForSquare(before: Date, limit: number): Promise<string[]> {
    const rows = await this.em().execute<{ id: string }[]>(
      `select id from orders
        where status = 'placed' and square_fulfillment is not null and updated_at < ?
          and (square_fulfillment_refused is null or square_fulfillment_refused <> fulfilment)
          and ((fulfilment = 'ready-for-pickup' and square_fulfillment in ('PROPOSED', 'RESERVED'))
            or (fulfilment in ('picked-up', 'shipped') and square_fulfillment in ('PROPOSED', 'RESERVED', 'PREPARED')))
        order by updated_at limit ?`,
      [before, limit],
    );
    return rows.map((r) => r.id);
  }

  /** Which of these orders are closed. */
  async closedAmong(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.em().execute<{ id: string }[]>(`select id from orders where status = 'closed' and id in (${ids.map(() => '?').join(', ')})`, ids);
    return rows.map((r) => r.id);
  }

  /**
   * One page of placed orders, newest first: `search` is a case-insensitive piece of the order
   * number, the customer's name or email; `status` where fulfilment stands, or `refunded` (partly or fully).
   */
  async page({ search, status, page, pageSize }: OrderPageQuery): Promise<{ orders: OrderView[]; total: number }> {
    const where: FilterQuery<OrderView> = { status: 'placed' };
    if (status === 'refunded') where.refundStatus = { $ne: null };
    else if (status) where.fulfillmentStatus = status;
    if (search) {
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.$or = [{ orderNumber: { $ilike: like } }, { customerName: { $ilike: like } }, { customerEmail: { $ilike: like } }];
    }
    const [orders, total] = await this.em().findAndCount(OrderView, where, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: pageSize, offset: (page - 1) * pageSize });
    return { orders, total };
  }

  /** Orders paid (and placed) whose checkout opened since `since`, oldest first: what the books check compares with Square's. */
  async paidSince(since: Date): Promise<OrderView[]> {
    return this.em().find(OrderView, { status: { $in: ['paid', 'placed'] }, createdAt: { $gte: since } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** The order booked as this Square order. */
  async bySquareOrderId(squareOrderId: string): Promise<OrderView | null> {
    return this.em().findOne(OrderView, { squareOrderId });
  }

  async byId(id: string): Promise<OrderView | null> {
    return this.em().findOne(OrderView, { id });
  }

  private em(): EntityManager {
    return this.orm.em.fork() as EntityManager;
  }
}

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
