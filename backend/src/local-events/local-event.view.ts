import { EntitySchema } from '@mikro-orm/core';

/** A row of the local events read table: one per event on the studio's calendar. */
export class LocalEventView {
  id!: string;
  title!: string;
  startsAt!: Date;
  endsAt?: Date | null;
  place!: string;
  address!: string;
  mapUrl?: string | null;
  note?: string | null;
  version!: number;
  updatedAt!: Date;
}

export const LocalEventViewSchema = new EntitySchema<LocalEventView>({
  class: LocalEventView,
  tableName: 'local_events',
  properties: {
    id: { type: 'text', primary: true },
    title: { type: 'text' },
    startsAt: { type: 'datetime' },
    endsAt: { type: 'datetime', nullable: true },
    place: { type: 'text' },
    address: { type: 'text' },
    mapUrl: { type: 'text', nullable: true },
    note: { type: 'text', nullable: true },
    version: { type: 'integer' },
    updatedAt: { type: 'datetime' },
  },
});
