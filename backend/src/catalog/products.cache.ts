import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { compressOnce, CompressedBody } from '../platform/web/compressed-body';
import { ChangeFeed, ChangeListener, StreamChange } from '../platform/change-feed/change-feed';
import { PRODUCT_STREAM_TYPE } from './product.events';
import { ProductDto, ProductView, toProductDto } from './product.view';

export interface CachedBody {
  body: CompressedBody;
  etag: string;
}

interface Snapshot {
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
 * (a commit in this process or, through PostgreSQL's NOTIFY, in any other). While the feed is not
 * trusted (see ChangeFeed.trusted) every request reads the database, since a change elsewhere would go unseen.
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

  async list(): Promise<CachedBody> {
    return (await this.current()).list;
  }

  async one(id: number): Promise<{ dto: ProductDto; response: CachedBody } | undefined> {
    return (await this.current()).byId.get(id);
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
    const rows = await this.orm.em.fork().find(ProductView, {}, { orderBy: { id: 'asc' } });
    const dtos = rows.map(toProductDto);
    return { list: cached(dtos), byId: new Map(dtos.map((dto) => [dto.id, { dto, response: cached(dto) }])) };
  }
}
