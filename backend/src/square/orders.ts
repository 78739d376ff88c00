import { Inject, Injectable, Logger } from '@nestjs/common';
import { Square, SquareClient, SquareError } from 'square';
import type { SquareAnswer } from './payments';
import { classifySquareError } from './square-errors';
import { SQUARE_SETTINGS, SquareSettings } from './square-settings';

/** The fields of a Square order the shop acts on. */
export interface SquareOrder {
  id: string;
  version: number;
  state: string | undefined;
  totalCents: number;
  referenceId?: string;
}

/** What became of a `CreateOrder`: the order, or the line whose catalog variation Square does not know (it goes again as an ad hoc line). */
export type CreatedOrder = { kind: 'created'; order: SquareOrder } | { kind: 'unknown-variation'; line: number };

const ATTEMPTS = 3;
const DASHBOARDS = { sandbox: 'https://app.squareupsandbox.com', production: 'https://app.squareup.com' } as const;
/** BatchRetrieveOrders takes at most 100 ids. */
const BATCH = 100;
/** `order.line_items[2].catalog_object_id`: the line Square did not find. */
const UNKNOWN_LINE = /^order\.line_items\[(\d+)\]\.catalog_object_id$/;

/**
 * Square's orders, the studio's books: a paid checkout is one itemized order. Every call answers a
 * `SquareAnswer` (its error read once) instead of throwing. A create is retried with the same key
 * while Square gives no verdict, so it makes one order however often it is asked.
 */
@Injectable()
export class SquareOrders {
  private readonly logger = new Logger('SquareOrders');

  constructor(
    private readonly square: SquareClient,
    @Inject(SQUARE_SETTINGS) private readonly settings: SquareSettings,
  ) {}

  get locationId(): string {
    return this.settings.locationId;
  }

  /** Where the studio sees the order in Square: its Dashboard (sandbox or production), or the emulator's own page of it. */
  dashboardUrl(orderId: string): string {
    const id = encodeURIComponent(orderId);
    if (this.settings.emulated) return `${this.settings.baseUrl}/emulator/orders/${id}`;
    return `${DASHBOARDS[this.settings.environment]}/dashboard/orders/overview/${id}`;
  }

  async create(request: Square.CreateOrderRequest): Promise<SquareAnswer<CreatedOrder>> {
    let last: SquareAnswer<CreatedOrder> = { ok: false, failure: { kind: 'unknown', inFlight: false, message: 'no answer' } };
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        const { order } = await this.square.orders.create(request, this.options());
        return { ok: true, value: order && { kind: 'created', order: seenOrder(order) } };
      } catch (error) {
        const field = error instanceof SquareError ? error.errors[0]?.field : undefined;
        const unknownLine = error instanceof SquareError && error.statusCode === 404 ? UNKNOWN_LINE.exec(field ?? '') : null;
        if (unknownLine) return { ok: true, value: { kind: 'unknown-variation', line: Number(unknownLine[1]) } };
        const failure = classifySquareError(error);
        last = { ok: false, failure };
        if (failure.kind !== 'unknown') return last;
        this.logger.warn(`CreateOrder ${request.idempotencyKey} attempt ${attempt} got no answer (${failure.message}); retrying with the same key`);
      }
    }
    return last;
  }

  async get(orderId: string): Promise<SquareAnswer<SquareOrder>> {
    try {
      const { order } = await this.square.orders.get({ orderId }, this.options());
      return { ok: true, value: order && seenOrder(order) };
    } catch (error) {
      return { ok: false, failure: classifySquareError(error) };
    }
  }

  /** Square's orders by id, as Square holds them (up to 100 per call to Square; ids Square does not know are left out). */
  async batchGet(orderIds: readonly string[], options: { timeoutMs?: number } = {}): Promise<SquareAnswer<Square.Order[]>> {
    const found: Square.Order[] = [];
    try {
      for (let at = 0; at < orderIds.length; at += BATCH) {
        const { orders } = await this.square.orders.batchGet({ locationId: this.settings.locationId, orderIds: orderIds.slice(at, at + BATCH) }, this.options(options.timeoutMs));
        found.push(...(orders ?? []));
      }
      return { ok: true, value: found };
    } catch (error) {
      return { ok: false, failure: classifySquareError(error) };
    }
  }

  /**
   * Sets the order's `reference_id` (the paid order's number) at its current version, read again and
   * retried when another change moved it (`VERSION_MISMATCH`). Answers `closed` for an order Square no
   * longer lets change (`COMPLETED`, `CANCELED`); one that carries the reference already is left alone.
   */
  async setReference(orderId: string, referenceId: string): Promise<SquareAnswer<'set' | 'closed'>> {
    for (let attempt = 1; ; attempt++) {
      const current = await this.get(orderId);
      if (!current.ok) return current;
      if (!current.value)
        return { ok: false, failure: { kind: 'rejected', status: 404, code: 'NOT_FOUND', detail: `Square has no order ${orderId}`, message: `Square has no order ${orderId}` } };
      if (current.value.referenceId === referenceId) return { ok: true, value: 'set' };
      if (current.value.state !== 'OPEN') return { ok: true, value: 'closed' };
      try {
        await this.square.orders.update(
          { orderId, idempotencyKey: `reference-${orderId}-${current.value.version}`, order: { locationId: this.settings.locationId, version: current.value.version, referenceId } },
          this.options(),
        );
        return { ok: true, value: 'set' };
      } catch (error) {
        if (!isStale(error) || attempt >= ATTEMPTS) return { ok: false, failure: classifySquareError(error) };
      }
    }
  }

  /**
   * Cancels an order nothing paid (a checkout that failed), at its current version: read again and
   * retried when another change moved it (`VERSION_MISMATCH`). An order already closed is left as it is.
   */
  async cancelUnpaid(orderId: string): Promise<SquareAnswer<SquareOrder>> {
    for (let attempt = 1; ; attempt++) {
      const current = await this.get(orderId);
      if (!current.ok || !current.value || current.value.state !== 'OPEN') return current;
      try {
        const { order } = await this.square.orders.update(
          { orderId, idempotencyKey: `cancel-${orderId}-${current.value.version}`, order: { locationId: this.settings.locationId, version: current.value.version, state: 'CANCELED' } },
          this.options(),
        );
        return { ok: true, value: order && seenOrder(order) };
      } catch (error) {
        const stale = error instanceof SquareError && error.errors.some((e) => String(e.code) === 'VERSION_MISMATCH');
        if (!stale || attempt >= ATTEMPTS) return { ok: false, failure: classifySquareError(error) };
      }
    }
  }

  private options(timeoutMs = this.settings.timeoutMs) {
    return { timeoutInSeconds: timeoutMs / 1000, maxRetries: 0 };
  }
}

function seenOrder(order: Square.Order): SquareOrder {
  return { id: order.id ?? '', version: order.version ?? 0, state: order.state, totalCents: Number(order.totalMoney?.amount ?? 0), referenceId: order.referenceId ?? undefined };
}

/** Square's answer to an update sent at a version the order has moved past. */
const isStale = (error: unknown) => error instanceof SquareError && error.errors.some((e) => String(e.code) === 'VERSION_MISMATCH');
