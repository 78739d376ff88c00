import { Injectable, OnModuleInit } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { SaleBook, SalePrices, SaleSource } from '../catalog';
import { ChangeFeed } from '../platform/change-feed/change-feed';
import { type ChangeNotice, ChangesMissed, StreamCommitted } from '../platform/change-feed/committed-events';
import { DISCOUNT_STREAM_TYPE } from './discount.events';
import { DiscountsReader } from './discounts.reader';
import { nextSaleChange, salePriceCents, type Sale } from './rules';

/**
 * The automatic sales, read once and kept in memory until a code's commit (this process's or,
 * through the change feed, another's) or a missed notice; read for each request while the feed is
 * not trusted. Each book prices at the moment it is asked for, and says until when that holds.
 * It is the catalogue's source of sale prices (`SalePrices`).
 */
@Injectable()
@EventsHandler(StreamCommitted, ChangesMissed)
export class SaleBooks implements SaleSource, IEventHandler<ChangeNotice>, OnModuleInit {
  readonly streamType = DISCOUNT_STREAM_TYPE;
  private sales: Promise<Sale[]> | undefined;

  constructor(
    private readonly reader: DiscountsReader,
    private readonly feed: ChangeFeed,
    private readonly prices: SalePrices,
  ) {}

  onModuleInit(): void {
    this.prices.provide(this);
  }

  /** A code's commit, or a missed notice: the sales are read again when next asked for. */
  handle(notice: ChangeNotice): void {
    if (!(notice instanceof StreamCommitted) || notice.streamType === DISCOUNT_STREAM_TYPE) this.sales = undefined;
  }

  async book(now = Date.now()): Promise<SaleBook> {
    const sales = await this.current();
    const on = sales.filter((s) => (s.startsAt === null || Date.parse(s.startsAt) <= now) && (s.endsAt === null || now < Date.parse(s.endsAt)));
    return {
      priceOf: (product, priceCents) => (on.length === 0 ? priceCents : salePriceCents(on, product, priceCents, now)),
      validUntil: nextSaleChange(sales, now),
    };
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
