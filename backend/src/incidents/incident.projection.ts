import { insertRow, json, updateById, write } from '../platform/projections/sql-write';
import { streamProjection } from '../platform/projections/stream-projection';
import { incidentStream, type IncidentEvent } from './incident.events';

/** The incidents the admin lists: one row per incident, opened and resolved at the times their events were recorded. */
export const incidentProjection = streamProjection<IncidentEvent>({ name: 'incidents', tables: ['incidents'], stream: incidentStream }, (event, id, stamp) => {
  switch (event.type) {
    case 'IncidentOpened': {
      const { kind, productId, variantId, name, orders, squareCount } = event.data;
      return [
        insertRow('incidents', {
          id,
          kind,
          product_id: productId,
          variant_id: variantId,
          name,
          orders: json(orders),
          square_count: squareCount,
          opened_at: stamp.updated_at,
          ...stamp,
        }),
      ];
    }
    case 'IncidentOrdersAdded':
      return [
        write(
          'update incidents set orders = orders || ?::jsonb, square_count = ?, version = ?, updated_at = ? where id = ?',
          json(event.data.orders),
          event.data.squareCount,
          stamp.version,
          stamp.updated_at,
          id,
        ),
      ];
    case 'IncidentResolved':
      return [updateById('incidents', id, { resolved_at: stamp.updated_at, note: event.data.note, ...stamp })];
    case 'IncidentEmailSent':
      return [updateById('incidents', id, { emailed_at: stamp.updated_at, ...stamp })];
    default:
      return [];
  }
});
