import { Injectable } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { ChangeFeed } from '../platform/change-feed/change-feed';
import { ChangesMissed, type ChangeNotice, StreamCommitted } from '../platform/change-feed/committed-events';
import { cartStream } from './cart.events';
import { CartReader } from './cart.reader';

export interface CartHead {
  id: string;
  version: number;
}

/** Enough carts for every open storefront of a busy shop; past it the oldest are read again. */
const MAX_CARTS = 50_000;
const MAX_TOLD_WHILE_READING = 10_000;

/**
 * The current version of each recently polled cart, by session, kept true by the change feed: a
 * poll whose ETag matches is answered 304 without touching the database. A version only ever
 * moves forward, and a read that raced a notification for its cart is not kept. A cached version
 * older than the one the client names (a change answered by another replica, whose notification
 * has not arrived yet) is not used: the database is read instead.
 */
@Injectable()
@EventsHandler(StreamCommitted, ChangesMissed)
export class CartVersions implements IEventHandler<ChangeNotice> {
  private readonly bySession = new Map<string, CartHead>();
  private readonly sessionOfCart = new Map<string, string>();
  /** Versions told while reads were in flight, so a read that started before a commit is not kept. */
  private readonly toldWhileReading = new Map<string, number>();
  private reading = 0;
  private overflows = 0;

  constructor(
    private readonly reader: CartReader,
    private readonly feed: ChangeFeed,
  ) {}

  /** A cart's commit, this process's or another's, moves its cached version on; a missed notice forgets them all. */
  handle(notice: ChangeNotice): void {
    if (notice instanceof StreamCommitted) this.changed(notice);
    else this.reset();
  }

  /** The session's cart at `atLeast` or later, if the database has reached it. */
  async head(sessionId: string, atLeast = 0): Promise<CartHead | null> {
    if (this.feed.trusted && this.bySession.has(sessionId)) {
      // A shopper who just changed the cart through another process polls here next: a notification
      // that reached this process with the poll is heard before the poll is answered (a poll is
      // handled within the event-loop turn that read it; the change feed's socket is read later in it).
      await new Promise((resolve) => setImmediate(resolve));
      const cached = this.feed.trusted ? this.bySession.get(sessionId) : undefined;
      if (cached && cached.version >= atLeast) return cached;
    }
    const token = this.feed.token();
    const overflows = this.overflows;
    this.reading++;
    try {
      const head = await this.reader.versionOfSession(sessionId);
      if (!head) return null;
      const told = this.toldWhileReading.get(head.id) ?? 0;
      if (told <= head.version && overflows === this.overflows && this.feed.stillLive(token)) this.remember(sessionId, head);
      return head;
    } finally {
      if (--this.reading === 0) this.toldWhileReading.clear();
    }
  }

  private changed(change: StreamCommitted): void {
    if (change.streamType !== cartStream.type) return;
    const cartId = cartStream.idOf(change.streamId);
    if (this.reading > 0) this.noteWhileReading(cartId, change.version);
    const sessionId = this.sessionOfCart.get(cartId);
    const head = sessionId === undefined ? undefined : this.bySession.get(sessionId);
    if (head && change.version > head.version) this.bySession.set(sessionId!, { id: cartId, version: change.version });
  }

  private reset(): void {
    this.bySession.clear();
    this.sessionOfCart.clear();
    this.overflows++;
  }

  private noteWhileReading(cartId: string, version: number): void {
    if (this.toldWhileReading.size >= MAX_TOLD_WHILE_READING) {
      // Too busy to track each one: no read in flight now may be kept.
      this.toldWhileReading.clear();
      this.overflows++;
    }
    this.toldWhileReading.set(cartId, Math.max(version, this.toldWhileReading.get(cartId) ?? 0));
  }

  private remember(sessionId: string, head: CartHead): void {
    const known = this.bySession.get(sessionId);
    if (known && known.version >= head.version) return;
    this.bySession.set(sessionId, head);
    this.sessionOfCart.set(head.id, sessionId);
    if (this.bySession.size > MAX_CARTS) {
      const [oldestSession, oldest] = this.bySession.entries().next().value!;
      this.bySession.delete(oldestSession);
      this.sessionOfCart.delete(oldest.id);
    }
  }
}
