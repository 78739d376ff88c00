import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { isOver, LONGEST_UNENDED_MS } from './local-event-dates';
import type { AdminLocalEventDto, LocalEventDto } from './local-events.responses';
import { LocalEventView } from './local-event.view';

/** Reads of the calendar: the home page's next dates, the studio's whole list, one event's file. */
@Injectable()
export class LocalEventsReader {
  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Events not over yet, soonest first: past ones drop off by themselves. */
  async upcoming(limit: number, now = new Date()): Promise<LocalEventDto[]> {
    const rows = await this.em().find(
      LocalEventView,
      { $or: [{ endsAt: { $gt: now } }, { endsAt: null, startsAt: { $gt: new Date(now.getTime() - LONGEST_UNENDED_MS) } }] },
      { orderBy: { startsAt: 'asc', id: 'asc' } },
    );
    return rows
      .filter((row) => !isOver(row, now, this.config.SHOP_TIME_ZONE))
      .slice(0, limit)
      .map((row) => this.toDto(row));
  }

  /** Everything on the calendar for the studio: the coming dates soonest first, then the past ones, latest first. */
  async all(now = new Date()): Promise<AdminLocalEventDto[]> {
    const rows = await this.em().find(LocalEventView, {}, { orderBy: { startsAt: 'asc', id: 'asc' } });
    const events = rows.map((row) => ({ ...this.toDto(row), past: isOver(row, now, this.config.SHOP_TIME_ZONE) }));
    return [...events.filter((e) => !e.past), ...events.filter((e) => e.past).reverse()];
  }

  async one(id: string): Promise<LocalEventView | null> {
    return this.em().findOne(LocalEventView, { id });
  }

  toDto(row: LocalEventView): LocalEventDto {
    return {
      id: row.id,
      title: row.title,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt ? row.endsAt.toISOString() : null,
      timeZone: this.config.SHOP_TIME_ZONE,
      place: row.place,
      address: row.address,
      mapUrl: row.mapUrl ?? mapSearchUrl(`${row.place}, ${row.address}`),
      calendarUrl: `/api/local-events/${row.id}.ics`,
      note: row.note ?? null,
    };
  }

  private em(): EntityManager {
    return this.orm.em.fork() as EntityManager;
  }
}

/** A map search for the place when the studio gave no link of its own (opens the maps app on a phone). */
const mapSearchUrl = (query: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
