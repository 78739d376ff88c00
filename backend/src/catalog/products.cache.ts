import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { EventsCommitted, StreamChanged } from '../platform/event-store/recorded-event';
import { PRODUCT_STREAM_TYPE } from './product.events';
import { ProductDto, ProductView, toProductDto } from './product.view';

export interface CachedBody {
  body: string;
  etag: string;
}

interface Snapshot {
  list: CachedBody;
  byId: Map<number, { dto: ProductDto; response: CachedBody }>;
}

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;
const cached = (value: unknown): CachedBody => {
  const body = JSON.stringify(value);
  return { body, etag: etagOf(body) };
};

/**
 * The catalogue, serialized once and kept in memory until a product event commits, in this process
 * or (through the change feed) in any other. Browsing never touches the database while nothing changes.
 */
@Injectable()
@EventsHandler(EventsCommitted, StreamChanged)
export class ProductsCache implements IEventHandler<EventsCommitted | StreamChanged> {
  private snapshot: Promise<Snapshot> | undefined;

  constructor(private readonly orm: MikroORM) {}

  handle(change: EventsCommitted | StreamChanged): void {
    const types = change instanceof StreamChanged ? [change.streamType] : change.events.map((e) => e.streamType);
    if (types.some((type) => type === PRODUCT_STREAM_TYPE || type === '*')) this.snapshot = undefined;
  }

  async list(): Promise<CachedBody> {
    return (await this.current()).list;
  }

  async one(id: number): Promise<{ dto: ProductDto; response: CachedBody } | undefined> {
    return (await this.current()).byId.get(id);
  }

  private current(): Promise<Snapshot> {
    if (!this.snapshot) {
      const loading = this.load();
      this.snapshot = loading;
      // A failed load is not remembered: the next request tries the database again.
      loading.catch(() => this.snapshot === loading && (this.snapshot = undefined));
    }
    return this.snapshot;
  }

  private async load(): Promise<Snapshot> {
    const rows = await this.orm.em.fork().find(ProductView, {}, { orderBy: { id: 'asc' } });
    const dtos = rows.map(toProductDto);
    return { list: cached(dtos), byId: new Map(dtos.map((dto) => [dto.id, { dto, response: cached(dto) }])) };
  }
}
