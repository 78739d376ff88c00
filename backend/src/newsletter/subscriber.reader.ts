import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SubscriberDto, SubscriberPageDto } from './newsletter.responses';
import { SubscriberView } from './subscriber.view';
import { normalizeEmail } from './subscriber-identity';

/** Reads of the subscribers projection: checkout asks whether an email ever joined; the studio lists and exports them. */
@Injectable()
export class SubscriberReader {
  constructor(private readonly orm: MikroORM) {}

  byEmail(email: string): Promise<SubscriberView | null> {
    return this.em().findOne(SubscriberView, { email: normalizeEmail(email) });
  }

  /** One page of everyone who ever joined (those who left too, marked so), newest first. */
  async page(search: string, page: number, pageSize: number): Promise<SubscriberPageDto> {
    const [rows, total] = await this.em().findAndCount(SubscriberView, matching(search), {
      orderBy: { joinedAt: 'desc', id: 'asc' },
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { subscribers: rows.map(toSubscriberDto), total, page, pageSize };
  }

  /** Everyone subscribed now whom the search matches, oldest first: the export is who may be emailed. */
  async subscribed(search: string): Promise<SubscriberDto[]> {
    const rows = await this.em().find(SubscriberView, { $and: [{ subscribed: true }, matching(search)] }, { orderBy: { joinedAt: 'asc', id: 'asc' } });
    return rows.map(toSubscriberDto);
  }

  private em(): EntityManager {
    return this.orm.em.fork() as EntityManager;
  }
}

/** A part of the email or the name, any case; `%`, `_` and `\` in it are matched as themselves. */
function matching(search: string): FilterQuery<SubscriberView> {
  if (!search) return {};
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return { $or: [{ email: { $ilike: pattern } }, { name: { $ilike: pattern } }] };
}

const toSubscriberDto = (row: SubscriberView): SubscriberDto => ({
  email: row.email,
  name: row.name ?? null,
  subscribed: row.subscribed,
  joinedAt: row.joinedAt.toISOString(),
  leftAt: row.leftAt ? row.leftAt.toISOString() : null,
});
