import { ProjectedRow, projectedTable } from '../platform/database/projected-row';

/** A row of the subscribers read table: one per email that ever joined. */
export class SubscriberView extends ProjectedRow {
  id!: string;
  email!: string;
  name?: string | null;
  subscribed!: boolean;
  joinedAt!: Date;
  leftAt?: Date | null;
  squareCustomerId?: string | null;
  welcomeSentAt?: Date | null;
}

export const SubscriberViewSchema = projectedTable(SubscriberView, 'subscribers', {
  id: { type: 'text', primary: true },
  email: { type: 'text' },
  name: { type: 'text', nullable: true },
  subscribed: { type: 'boolean' },
  joinedAt: { type: 'datetime' },
  leftAt: { type: 'datetime', nullable: true },
  squareCustomerId: { type: 'text', nullable: true },
  welcomeSentAt: { type: 'datetime', nullable: true },
});
