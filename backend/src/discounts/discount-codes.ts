import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../platform/context/request-context';
import { fold } from '../platform/event-store/decider';
import { EventRow, toRecordedEvent } from '../platform/event-store/event-row';
import { EventStore, type Transaction } from '../platform/event-store/event-store';
import { DiscountCommand, discountDecider, DiscountState } from './discount.decider';
import { BuiltInCodes } from './built-in-codes';
import { DiscountEvent, discountStream, type DiscountTerms } from './discount.events';

/** Every write to one code's stream takes this lock: reservations wait their turn rather than race. */
const lockOf = (code: string) => `discount:${code}`;

/**
 * The one way to command a discount code and read it. Each command is decided on the stream as
 * stored, under the code's PostgreSQL advisory lock (so across replicas), in a transaction: either
 * its own (`run`) or one another module holds open (`runIn`, the checkout's opening of its order),
 * whose other appends then commit with it or not at all. So a code's usage limit is exact however
 * many checkouts take it at once.
 */
@Injectable()
export class DiscountCodes {
  constructor(
    private readonly store: EventStore,
    private readonly builtIns: BuiltInCodes,
  ) {}

  /** The code as its stream says (`code` in upper case); a built-in code not written yet, as it starts. */
  async load(code: string): Promise<DiscountState> {
    const { events } = await this.store.readStream<DiscountEvent>(discountStream(code).id);
    return fold(discountDecider, events.length > 0 ? events : await this.startOf(code));
  }

  /** Makes a code; an automatic sale made without one is named `SALE-` and a few letters. */
  async create(code: string | undefined, terms: DiscountTerms, caller: RequestContext): Promise<string> {
    const named = code ?? `SALE-${randomBytes(4).toString('hex').toUpperCase()}`;
    await this.run(named, { kind: 'Create', code: named, terms }, caller);
    return named;
  }

  run(code: string, command: DiscountCommand, caller: RequestContext): Promise<DiscountState> {
    return this.store.inOneTransaction(lockOf(code), (tx) => this.decideIn(tx, code, command, caller));
  }

  /** As `run`, inside `tx`: what it appends commits with the rest of that transaction. */
  async runIn(tx: Transaction, code: string, command: DiscountCommand, caller: RequestContext): Promise<DiscountState> {
    await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [lockOf(code)]);
    return this.decideIn(tx, code, command, caller);
  }

  /**
   * Read under the lock, so the version appended after is the stream's last: no other writer can be
   * in between. A built-in code's first write makes it first (with its past uses), in the same append.
   */
  private async decideIn(tx: Transaction, code: string, command: DiscountCommand, caller: RequestContext): Promise<DiscountState> {
    const stream = discountStream(code);
    const rows = await tx.execute<EventRow>('select * from events where stream_id = ? order by version', [stream.id]);
    const past = rows.map((row) => toRecordedEvent(row) as DiscountEvent & { version: number });
    const start = past.length > 0 ? [] : await this.startOf(code);
    const state = fold(discountDecider, [...past, ...start]);
    const decided = discountDecider.decide(command, state);
    if (decided.length === 0) return state;
    const appended = await tx.append(stream, past.at(-1)?.version ?? 0, [...start, ...decided], caller);
    return fold({ ...discountDecider, initialState: state }, appended.slice(start.length));
  }

  /** The events a built-in code starts with: made with its terms, and its uses from before it had a stream. */
  private async startOf(code: string): Promise<DiscountEvent[]> {
    const builtIn = this.builtIns.get(code);
    if (!builtIn) return [];
    const uses = await builtIn.pastUses();
    return [{ type: 'DiscountCreated', data: { code, ...builtIn.terms } }, ...uses.map((use): DiscountEvent => ({ type: 'DiscountRedeemed', data: use }))];
  }
}
