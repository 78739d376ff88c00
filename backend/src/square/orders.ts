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
}

/** What became of a `CreateOrder`: the order, or the line whose catalog variation Square does not know (it goes again as an ad hoc line). */
export type CreatedOrder = { kind: 'created'; order: SquareOrder } | { kind: 'unknown-variation'; line: number };

const ATTEMPTS = 3;
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

  private options() {
    return { timeoutInSeconds: this.settings.timeoutMs / 1000, maxRetries: 0 };
  }
}

function seenOrder(order: Square.Order): SquareOrder {
  return { id: order.id ?? '', version: order.version ?? 0, state: order.state, totalCents: Number(order.totalMoney?.amount ?? 0) };
}
