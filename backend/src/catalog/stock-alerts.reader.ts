import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { toRecordedEvent, type EventRow } from '../platform/event-store/event-row';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import type { WaitingChange } from './stock-push-due';

/** A stock change Square has not heard of for a while: `name` says which ("Review Tee, S"). */
export interface NotSentToSquare extends WaitingChange {
  productId: number;
  name: string;
}

/** A stock alert the studio dismisses: a push Square refused for good, or a refund's units not put back. */
export interface StockNotice {
  productId: number;
  variantId: string;
  name: string;
  alert: string;
  kind: 'push-refused' | 'restock-refused';
  quantity: number;
  status: number | null;
  code: string | null;
  detail: string | null;
  orderId: string | null;
  recordedAt: Date;
}

/** The driver answers timestamps as text here: read as dates. */
const dated = <R extends { recordedAt: Date | string }>(rows: R[]): (R & { recordedAt: Date })[] => rows.map((r) => ({ ...r, recordedAt: new Date(r.recordedAt) }));

const NAME = `case when v.name = '' then p.name else p.name || ', ' || v.name end`;

/** The stock changes waiting for Square and the stock alerts the studio has not dismissed, as the tables list them. */
@Injectable()
export class StockAlertsReader {
  constructor(private readonly orm: MikroORM) {}

  private get db() {
    return (this.orm.em as EntityManager).getConnection();
  }

  /** Changes waiting since `before` or longer, oldest first (at most `limit`). */
  async waitingSince(before: Date, limit = 100): Promise<(WaitingChange & { productId: number })[]> {
    return dated(
      await this.db.execute<(WaitingChange & { productId: number })[]>(
        `select event_id as "eventId", product_id as "productId", variant_id as "variantId", change, recorded_at as "recordedAt"
         from stock_unpushed where recorded_at <= ? order by recorded_at, event_id limit ?`,
        [before, limit],
      ),
    );
  }

  /** Every change of one product still waiting, in the order the product stream has them. */
  async waitingOf(productId: number): Promise<WaitingChange[]> {
    return dated(
      await this.db.execute<WaitingChange[]>(
        `select u.event_id as "eventId", u.variant_id as "variantId", u.change, u.recorded_at as "recordedAt"
         from stock_unpushed u join events e on e.event_id = u.event_id where u.product_id = ? order by e.global_position`,
        [productId],
      ),
    );
  }

  /** The same, named for the studio (the dashboard, `/api/health`). */
  async notSentSince(before: Date, limit = 50): Promise<NotSentToSquare[]> {
    return dated(
      await this.db.execute<NotSentToSquare[]>(
        `select u.event_id as "eventId", u.product_id as "productId", u.variant_id as "variantId", u.change, u.recorded_at as "recordedAt", ${NAME} as name
         from stock_unpushed u join product_variants v on v.id = u.variant_id join products p on p.id = u.product_id
        where u.recorded_at <= ? order by u.recorded_at, u.event_id limit ?`,
        [before, limit],
      ),
    );
  }

  async notices(limit = 50): Promise<StockNotice[]> {
    return dated(
      await this.db.execute<StockNotice[]>(
        `select n.product_id as "productId", n.variant_id as "variantId", ${NAME} as name, n.alert, n.kind, n.quantity, n.status, n.code, n.detail,
              n.order_id as "orderId", n.recorded_at as "recordedAt"
         from stock_alert_notices n join product_variants v on v.id = n.variant_id join products p on p.id = n.product_id
        order by n.recorded_at desc, n.alert limit ?`,
        [limit],
      ),
    );
  }

  /** The stored event a waiting change came from (the sweep sends it as its own job would have). */
  async storedEvent(eventId: string): Promise<RecordedEvent | undefined> {
    const [row] = await this.db.execute<EventRow[]>('select * from events where event_id = ?', [eventId]);
    return row && toRecordedEvent(row);
  }
}
