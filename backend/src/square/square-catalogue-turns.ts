import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { EventStore } from '../platform/event-store/event-store';

/** The advisory lock's name. */
const SQUARE_CATALOGUE_LOCK = 'square-catalogue';

/**
 * The catalogue sync and the write-back take turns, across processes. The write-back creates
 * variations and only then links them, and a sync applies what it read a while before: run at the
 * same time, a sync would take a new variation for one added in Square, or a new variant for one
 * deleted there. Under a PostgreSQL advisory lock held by a transaction that appends nothing (a
 * transaction-level lock, which works behind a transaction pooler too). The embedded database serves
 * one connection, which that transaction would hold while the work needs it; it serves one process,
 * whose worker runs the `square` queue's jobs one at a time, so there the turns need no lock.
 */
@Injectable()
export class SquareCatalogueTurns {
  constructor(
    private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  inTurn<T>(work: () => Promise<T>): Promise<T> {
    return this.config.embeddedDatabase ? work() : this.store.inOneTransaction(SQUARE_CATALOGUE_LOCK, work);
  }
}
