import { ProjectedRow, projectedTable } from '../platform/database/projected-row';
import type { IncidentKind, IncidentOrder } from './incident.events';

/** A row of the incidents read table. */
export class IncidentView extends ProjectedRow {
  id!: string;
  kind!: IncidentKind;
  productId!: number;
  variantId!: string;
  name!: string;
  orders!: IncidentOrder[];
  squareCount!: number;
  openedAt!: Date;
  resolvedAt?: Date | null;
  note?: string | null;
  emailedAt?: Date | null;
}

export const IncidentViewSchema = projectedTable(IncidentView, 'incidents', {
  id: { type: 'text', primary: true },
  kind: { type: 'text' },
  productId: { type: 'integer' },
  variantId: { type: 'text' },
  name: { type: 'text' },
  orders: { type: 'json' },
  squareCount: { type: 'integer' },
  openedAt: { type: 'datetime' },
  resolvedAt: { type: 'datetime', nullable: true },
  note: { type: 'text', nullable: true },
  emailedAt: { type: 'datetime', nullable: true },
});
