import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { compressOnce, CompressedBody } from '../platform/web/compressed-body';
import { ChangeFeed, ChangeListener, StreamChange } from '../platform/change-feed/change-feed';
import { PRODUCT_STREAM_TYPE } from './product.events';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ProductDto, readProducts, toProductDto } from './product.view';

export interface CachedBody {
  body: CompressedBody;
  etag: string;
}

interface Snapshot {
  /** The catalogue's version: the sum of its products' versions, which moves on with every change to any of them. */
  version: number;
  list: CachedBody;
  byId: Map<number, { dto: ProductDto; response: CachedBody }>;
}

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
 * process's change whose notification is still on its way) is read again.
 */
@Injectable()
export class ProductsCache implements ChangeListener {
  private snapshot: Promise<Snapshot> | undefined;

  constructor(
    private readonly orm: MikroORM,
    private readonly feed: ChangeFeed,
  ) {
    feed.subscribe(this);
  }

  changed(change: StreamChange): void {
    if (change.streamType === PRODUCT_STREAM_TYPE) this.snapshot = undefined;
  }

  reset(): void {
    this.snapshot = undefined;
  }

  /** The list at catalogue version `atLeast` or later (if the database has reached it). */
  async list(atLeast = 0): Promise<CachedBody> {
    return (await this.reaching((s) => s.version >= atLeast)).list;
  }

  /** The product at version `atLeast` or later (if the database has reached it). */
  async one(id: number, atLeast = 0): Promise<{ dto: ProductDto; response: CachedBody } | undefined> {
    return (await this.reaching((s) => (s.byId.get(id)?.dto.version ?? 0) >= atLeast)).byId.get(id);
  }

  /**
   * The snapshot, read again when it does not reach what the reader holds: the new read is shared
   * and kept like any other. One that still does not reach it (a read begun before the change, or
   * a version the database never had) is answered from a read of the reader's own.
   */
  private async reaching(enough: (snapshot: Snapshot) => boolean): Promise<Snapshot> {
    const held = this.current();
    const snapshot = await held;
    if (enough(snapshot)) return snapshot;
    if (this.snapshot === held) this.snapshot = undefined;
    const again = await this.current();
    return enough(again) ? again : this.load();
  }

  private current(): Promise<Snapshot> {
    if (!this.feed.trusted) return this.load();
    if (!this.snapshot) {
      const token = this.feed.token();
      const loading = this.load();
      this.snapshot = loading;
      // A failed load is not remembered, nor one the feed may have missed a change during.
      const forget = () => this.snapshot === loading && (this.snapshot = undefined);
      loading.then(() => this.feed.stillLive(token) || forget(), forget);
    }
    return this.snapshot;
  }

  private async load(): Promise<Snapshot> {
    const all = await readProducts(this.orm.em as EntityManager);
    // A product withdrawn in Square is not listed, and its page is 404. Its version still counts, so
    // the catalogue's version only grows when one is withdrawn.
    const dtos = all.filter(({ product }) => !product.withdrawnInSquare).map(({ product, variants }) => toProductDto(product, variants));
    return {
      version: all.reduce((sum, { product }) => sum + product.version, 0),
      list: cached(dtos),
      byId: new Map(dtos.map((dto) => [dto.id, { dto, response: cached(dto) }])),
    };
  }
}
