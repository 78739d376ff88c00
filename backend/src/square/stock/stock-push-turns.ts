import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import { EventStore } from '../../platform/event-store/event-store';

/**
 * One product's stock changes go to Square one at a time, across processes. A push's answer holds
 * Square's count right after it, which the shop may record only when every change Square took
 * before it is recorded too: two pushes of one product in flight at once (two workers, or a worker
 * and a webhook) each got a count holding the other's change, still waiting, and took it twice.
 * Under a PostgreSQL advisory lock per product, held by a transaction that appends nothing (it works
 * behind a transaction pooler) while the work appends through the pool. Within a process the turns
 * go one after another: a turn holds one connection and its appends need another, so turns at once
 * could take the whole pool and wait on each other (the worker pushes one change at a time anyway,
 * and a webhook waits only when its product has a change on its way). The embedded database serves
 * one process and one connection, which that transaction would hold while the work needs it, so
 * there the queue is all there is.
 */
@Injectable()
export class StockPushTurns {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  inTurn<T>(productId: number, work: () => Promise<T>): Promise<T> {
    const turn = this.queue.then(() => (this.config.embeddedDatabase ? work() : this.store.inOneTransaction(`stock-push:${productId}`, () => work())));
    this.queue = turn.catch(() => undefined);
    return turn;
  }
}
