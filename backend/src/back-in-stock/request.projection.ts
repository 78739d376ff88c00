import { updateById, write } from '../platform/projections/sql-write';
import { streamProjection } from '../platform/projections/stream-projection';
import { requestStream, type BackInStockEvent } from './request.events';

export const requestProjection = streamProjection<BackInStockEvent>({ name: 'back-in-stock-requests', tables: ['back_in_stock_requests'], stream: requestStream }, (event, id, stamp) => {
  switch (event.type) {
    case 'BackInStockAsked': {
      const { productId, variantId, email, round } = event.data;
      // A new round takes the row over, and its place in the list is the new ask's: its event's
      // position, which the insert just before this write gave it.
      return [
        write(
          `insert into back_in_stock_requests (id, product_id, variant_id, email, status, round, asked_position, asked_at, version, updated_at)
           values (?, ?, ?, ?, 'pending', ?, (select global_position from events where event_id = ?), ?, ?, ?)
           on conflict (id) do update set status = 'pending', round = excluded.round, asked_position = excluded.asked_position, asked_at = excluded.asked_at,
             confirmed_at = null, emailed_at = null, left_at = null, version = excluded.version, updated_at = excluded.updated_at`,
          id,
          productId,
          variantId,
          email,
          round,
          event.eventId,
          event.recordedAt,
          stamp.version,
          stamp.updated_at,
        ),
      ];
    }
    case 'BackInStockConfirmed':
      return [updateById('back_in_stock_requests', id, { status: 'confirmed', confirmed_at: event.recordedAt, ...stamp })];
    case 'BackInStockLeft':
      return [updateById('back_in_stock_requests', id, { status: 'left', left_at: event.recordedAt, ...stamp })];
    case 'BackInStockEmailSent':
      return [updateById('back_in_stock_requests', id, { status: 'emailed', emailed_at: event.recordedAt, ...stamp })];
    default:
      return [updateById('back_in_stock_requests', id, stamp)];
  }
});
