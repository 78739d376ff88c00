import { ProjectedRow, projectedTable } from '../platform/database/projected-row';
import type { RequestStatus } from './request.decider';

/** A row of the back-in-stock requests read table: where one address's latest request for one variant stands. */
export class BackInStockRequestView extends ProjectedRow {
  id!: string;
  productId!: number;
  variantId!: string;
  email!: string;
  status!: RequestStatus;
  round!: number;
  askedPosition!: string;
  askedAt!: Date;
  confirmedAt?: Date | null;
  emailedAt?: Date | null;
  leftAt?: Date | null;
}

export const BackInStockRequestViewSchema = projectedTable(BackInStockRequestView, 'back_in_stock_requests', {
  id: { type: 'text', primary: true },
  productId: { type: 'integer' },
  variantId: { type: 'text' },
  email: { type: 'text' },
  status: { type: 'text' },
  round: { type: 'integer' },
  askedPosition: { type: 'bigint' },
  askedAt: { type: 'datetime' },
  confirmedAt: { type: 'datetime', nullable: true },
  emailedAt: { type: 'datetime', nullable: true },
  leftAt: { type: 'datetime', nullable: true },
});
