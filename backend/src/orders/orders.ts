import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../platform/context/request-context';
import { Aggregate } from '../platform/event-store/aggregate';
import { CommandResult, CommandRunner } from '../platform/event-store/command-runner';
import { ConcurrencyError } from '../platform/event-store/concurrency.error';
import { conflict } from '../platform/errors/domain-error';
import { fold } from '../platform/event-store/decider';
import { EventStore, type Transaction } from '../platform/event-store/event-store';
import { orderDecider, OrderCommand } from './order.decider';
import type { OrderState } from './order.state';
import { CheckoutOpened, OrderEvent, orderStream } from './order.events';

/** The units held by one client address's checkouts not yet paid or released. */
const HELD_UNITS_SQL = `
  select coalesce(sum((l.line->>'quantity')::int), 0)::int as units
    from orders o cross join lateral jsonb_array_elements(o.lines) as l (line)
   where o.client_address = ? and o.status in ('opened', 'charging', 'failed')`;

/** How often an opening whose `alongside` lost a race is taken again. */
const OPEN_ATTEMPTS = 5;

/** The one way to command an order and read it from its stream (checkout opens and pays it; this module fulfils and refunds it). */
@Injectable()
export class Orders {
  private readonly orders: Aggregate<string, OrderState, OrderCommand, OrderEvent>;

  constructor(
    runner: CommandRunner,
    private readonly store: EventStore,
  ) {
    this.orders = new Aggregate(runner, store, orderDecider, orderStream);
  }

  /**
   * Opens a checkout unless its client address would then hold more than `limit` units through
   * checkouts not yet paid or released. The count and the opening are one transaction under a lock
   * of that address (in PostgreSQL, so across replicas): two checkouts from one address take turns,
   * and the second counts the first. A twin request finds the order open, as with `run`.
   * `alongside` runs first in the same transaction (the discount code's reservation): what it
   * refuses opens nothing, and what it appends commits with the order or not at all.
   */
  async openWithinHold(
    opened: CheckoutOpened['data'] & { clientAddress: string },
    limit: number,
    caller: RequestContext,
    alongside?: (tx: Transaction) => Promise<unknown>,
  ): Promise<CommandResult<OrderState, OrderEvent>> {
    const { orderId, clientAddress } = opened;
    const existing = await this.orders.load(orderId);
    if (existing.state.exists) return { ...existing, events: [] };
    for (let attempt = 1; ; attempt++) {
      try {
        const events = await this.store.inOneTransaction(`checkout-holds:${clientAddress}`, async (tx) => {
          await alongside?.(tx);
          const [{ units }] = await tx.execute<{ units: number }>(HELD_UNITS_SQL, [clientAddress]);
          const decided = orderDecider.decide({ kind: 'OpenCheckout', opened, hold: { heldUnits: units, limit } }, orderDecider.initialState);
          return tx.append(orderStream(orderId), 0, decided, caller);
        });
        return { state: fold(orderDecider, events), version: events.length, events };
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        // A twin request opened it meanwhile.
        if (error.streamId === orderStream(orderId).id) return this.run(orderId, { kind: 'OpenCheckout', opened }, caller);
        // Another stream `alongside` appended to moved on: all of it is taken again.
        if (attempt >= OPEN_ATTEMPTS) throw conflict('This was changed by someone else at the same moment. Please try again.', 'CONCURRENT_CHANGE');
      }
    }
  }

  run(orderId: string, command: OrderCommand, caller: RequestContext) {
    return this.orders.run(orderId, command, caller);
  }

  /** The order as its stream says. */
  async load(orderId: string): Promise<OrderState> {
    return (await this.orders.load(orderId)).state;
  }
}
