import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { compressOnce, CompressedBody } from '../platform/web/compressed-body';
import { ChangeFeed } from '../platform/change-feed/change-feed';
import { type ChangeNotice, ChangesMissed, StreamCommitted } from '../platform/change-feed/committed-events';
import { PRODUCT_STREAM_TYPE } from './product.events';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isListed, ProductDto, readProducts, toProductDto } from './product.view';
import { SalePrices } from './sale-prices';

export interface CachedBody {
  body: CompressedBody;
  etag: string;
}

interface Snapshot {
  /** The catalogue's version: the sum of its products' versions, which moves on with every change to any of them. */
  version: number;
  list: CachedBody;
  byId: Map<number, { dto: ProductDto; response: CachedBody }>;
  listed: ListedProduct[];
  /** A sale starts or ends then: the prices read are stale from that moment. */
  validUntil: number;
}

/** A product the storefront lists, and when it last changed (the sitemap's `lastmod`). */
export interface ListedProduct {
  dto: ProductDto;
  updatedAt: Date;
}

/** The versions as the snapshot counts them (`readProducts` lists every product): the catalogue's, one product's. */
const CATALOGUE_VERSION_SQL = 'select coalesce(sum(version), 0) as version from products';
const PRODUCT_VERSION_SQL = 'select version from products where id = ?';

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;
const cached = (value: unknown): CachedBody => {
  const body = JSON.stringify(value);
  return { body: compressOnce(body), etag: etagOf(body) };
};

/**
 * The catalogue, serialized once and kept in memory until the change feed says a product moved
 * (a commit in this process or, through PostgreSQL's NOTIFY, in any other). While the feed is
 * not trusted (`ChangeFeed.trusted`) every request reads the database, since a change elsewhere
 * would go unseen. A reader names the version it already holds (the catalogue's, or the product's): a snapshot behind it (another
 * process's change whose notification is still on its way) is read again, but only when the
 * database holds that change: a version from the future is answered as current, from the snapshot.
 */
@Injectable()
@EventsHandler(StreamCommitted, ChangesMissed)
export class ProductsCache implements IEventHandler<ChangeNotice> {
  private snapshot: Promise<Snapshot> | undefined;
  /** When the snapshot's sale prices stop holding (`Snapshot.validUntil`, once it is read). */
  private validUntil = Infinity;

  constructor(
    private readonly orm: MikroORM,
    private readonly feed: ChangeFeed,
    private readonly sales: SalePrices,
  ) {
    // A sale made, changed or deleted (here or on another replica): the prices are read again.
    sales.onChange(() => (this.snapshot = undefined));
  }

  /** A product's commit, this process's or another's, or a missed notice: the catalogue is read again when next asked for. */
  handle(notice: ChangeNotice): void {
    if (!(notice instanceof StreamCommitted) || notice.streamType === PRODUCT_STREAM_TYPE) this.snapshot = undefined;
  }

  /** The list at catalogue version `atLeast` or later (or current, when the database never reached it). */
  async list(atLeast = 0): Promise<CachedBody> {
    return (await this.reaching(atLeast, (s) => s.version, CATALOGUE_VERSION_SQL, [])).list;
  }

  /** Every listed product as the API shows it, with the catalogue's version (the feed and the sitemap are built from it). */
  async listed(): Promise<{ version: number; products: ListedProduct[] }> {
    const snapshot = await this.current();
    return { version: snapshot.version, products: snapshot.listed };
  }

  /** The product at version `atLeast` or later (or current, when the database never reached it). */
  async one(id: number, atLeast = 0): Promise<{ dto: ProductDto; response: CachedBody } | undefined> {
    return (await this.reaching(atLeast, (s) => s.byId.get(id)?.dto.version ?? 0, PRODUCT_VERSION_SQL, [id])).byId.get(id);
  }

  /**
   * The snapshot, if it reaches the version the reader holds. One behind it is either behind the
   * database (another process's change whose notice is still on its way) or behind a version the
   * database never had (a client's own number): one small read of that version as stored tells
   * which. Only the first reads the catalogue again, shared and kept like any other read (one still
   * behind, begun before the change, is answered from a read of the reader's own); the second is
   * answered from the snapshot, which is current, and keeps it for everyone else.
   */
  private async reaching(atLeast: number, versionIn: (snapshot: Snapshot) => number, storedSql: string, params: unknown[]): Promise<Snapshot> {
    // Without a trusted feed the snapshot is read for this request: current whatever it holds.
    const fresh = !this.feed.trusted;
    const held = this.current();
    const snapshot = await held;
    const have = versionIn(snapshot);
    if (have >= atLeast || fresh) return snapshot;
    const [row] = await (this.orm.em as EntityManager).getConnection().execute<{ version: string | number }[]>(storedSql, params);
    const stored = Number(row?.version ?? 0);
    if (have >= stored) return snapshot;
    if (this.snapshot === held) this.snapshot = undefined;
    const again = await this.current();
    return versionIn(again) >= stored ? again : this.load();
  }

  private current(): Promise<Snapshot> {
    if (!this.feed.trusted) return this.load();
    // A sale started or ended since it was read.
    if (this.snapshot && Date.now() >= this.validUntil) this.snapshot = undefined;
    if (!this.snapshot) {
      const token = this.feed.token();
      const loading = this.load();
      this.snapshot = loading;
      this.validUntil = Infinity;
      void loading.then(
        (read) => this.snapshot === loading && (this.validUntil = read.validUntil),
        () => undefined,
      );
      // A failed load is not remembered, nor one the feed may have missed a change during.
      const forget = () => this.snapshot === loading && (this.snapshot = undefined);
      loading.then(() => this.feed.stillLive(token) || forget(), forget);
    }
    return this.snapshot;
  }

  private async load(): Promise<Snapshot> {
    const [rows, sales] = await Promise.all([readProducts(this.orm.em as EntityManager), this.sales.book()]);
    // Not shown at all: a draft and a product withdrawn in Square (their pages are 404), and one with
    // only $0.00 variants the studio did not choose to sell.
    const listed = rows
      .filter(({ product, variants }) => product.status !== 'draft' && !product.withdrawnInSquare && isListed(product, variants))
      .map(({ product, variants }) => ({ dto: toProductDto(product, variants, sales), updatedAt: product.updatedAt }));
    const dtos = listed.map((p) => p.dto);
    return {
      // Over every product, unlisted ones too: the version never goes back when one stops being listed.
      version: rows.reduce((sum, { product }) => sum + product.version, 0),
      list: cached(dtos),
      byId: new Map(dtos.map((dto) => [dto.id, { dto, response: cached(dto) }])),
      listed,
      validUntil: sales.validUntil,
    };
  }
}
