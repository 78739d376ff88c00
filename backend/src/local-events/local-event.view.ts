import { ProjectedRow, projectedTable } from '../platform/database/projected-row';

/** A row of the local events read table: one per event on the studio's calendar. */
export class LocalEventView extends ProjectedRow {
  id!: string;
  title!: string;
  startsAt!: Date;
  endsAt?: Date | null;
  place!: string;
  address!: string;
  mapUrl?: string | null;
  note?: string | null;
}

export const LocalEventViewSchema = projectedTable(LocalEventView, 'local_events', {
  id: { type: 'text', primary: true },
  title: { type: 'text' },
  startsAt: { type: 'datetime' },
  endsAt: { type: 'datetime', nullable: true },
  place: { type: 'text' },
  address: { type: 'text' },
  mapUrl: { type: 'text', nullable: true },
  note: { type: 'text', nullable: true },
});
