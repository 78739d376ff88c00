import { Injectable, OnModuleInit } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { SaleBook, SalePrices, SaleSource } from '../catalog';
import { ChangeFeed } from '../platform/change-feed/change-feed';
import { type ChangeNotice, ChangesMissed, StreamCommitted } from '../platform/change-feed/committed-events';
import { DISCOUNT_STREAM_TYPE, type DiscountEvent } from './discount.events';
import { DiscountsReader } from './discounts.reader';
import { nextSaleChange, salePriceCents, type Sale } from './rules';

/** Events that only count a code's uses: a checkout's commit of them changes no price. */
const USES = new Set<DiscountEvent['type']>(['DiscountReserved', 'DiscountCardClaimed', 'DiscountReleased', 'DiscountRedeemed']);

/**
 * The automatic sales, read once and kept in memory, read for each request while the change feed
 * is not trusted. Each book prices at the moment it is asked for, and says until when that holds.
 * It is the catalogue's source of sale prices (`SalePrices`): on a code's commit (this process's or,
 * through the change feed, another's) the sales are read again, and only when they differ is the
 * catalogue told, so the uses checkouts take of a code do not empty the catalogue's cache.
 */
@Injectable()
@EventsHandler(StreamCommitted, ChangesMissed)
export class SaleBooks implements SaleSource, IEventHandler<ChangeNotice>, OnModuleInit {
  private sales: Promise<Sale[]> | undefined;
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly reader: DiscountsReader,
    private readonly feed: ChangeFeed,
    private readonly prices: SalePrices,
  ) {}

  onModuleInit(): void {
    this.prices.provide(this);
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  handle(notice: ChangeNotice): void {
    if (!(notice instanceof StreamCommitted)) {
      this.sales = undefined;
      return this.changed();
    }
    if (notice.streamType !== DISCOUNT_STREAM_TYPE) return;
    // This process's own commit of uses alone: no sale moved.
    if (notice.events?.every((e) => USES.has(e.type as DiscountEvent['type']))) return;
    void this.recheck();
  }

  async book(now = Date.now()): Promise<SaleBook> {
    const sales = await this.current();
    const on = sales.filter((s) => (s.startsAt === null || Date.parse(s.startsAt) <= now) && (s.endsAt === null || now < Date.parse(s.endsAt)));
    return {
      priceOf: (product, priceCents) => (on.length === 0 ? priceCents : salePriceCents(on, product, priceCents, now)),
      validUntil: nextSaleChange(sales, now),
    };
  }

  /** Reads the sales again; when they are not what was held (or nothing was), the catalogue hears of it. */
  private async recheck(): Promise<void> {
    const held = this.sales;
    this.sales = undefined;
    const fresh = this.current();
    const [before, after] = await Promise.all([held?.catch(() => undefined), fresh.catch(() => undefined)]);
    if (before === undefined || after === undefined || JSON.stringify(before) !== JSON.stringify(after)) this.changed();
  }

  private changed(): void {
    for (const listen of this.listeners) listen();
  }

  private current(): Promise<Sale[]> {
    if (!this.feed.trusted) return this.reader.sales();
    if (!this.sales) {
      const token = this.feed.token();
      const loading = this.reader.sales();
      this.sales = loading;
      // A failed read is not kept, nor one the feed may have missed a change during.
      const forget = () => this.sales === loading && (this.sales = undefined);
      loading.then(() => this.feed.stillLive(token) || forget(), forget);
    }
    return this.sales;
  }
}
