import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import type { Projection } from '../platform/projections/projection';
import { SqlWrite, updateById, write } from '../platform/projections/sql-write';
import { streamRows } from '../platform/projections/stream-rows';
import { subscriberStream, type SubscriberEvent } from './subscriber.events';

@Injectable()
export class SubscriberProjection implements Projection {
  readonly name = 'subscribers';
  readonly tables = ['subscribers'];

  writesFor(recorded: RecordedEvent): SqlWrite[] {
    const rows = streamRows<SubscriberEvent>(recorded, subscriberStream);
    if (!rows) return [];
    const { event, id, stamp } = rows;
    switch (event.type) {
      case 'SubscriberJoined':
        // A rejoin keeps the row (and its Square link) and only flips it back on.
        return [
          write(
            `insert into subscribers (id, email, name, subscribed, joined_at, version, updated_at) values (?, ?, ?, true, ?, ?, ?)
             on conflict (id) do update set name = coalesce(excluded.name, subscribers.name), subscribed = true, joined_at = excluded.joined_at, left_at = null, version = excluded.version, updated_at = excluded.updated_at`,
            id,
            event.data.email,
            event.data.name,
            event.recordedAt,
            stamp.version,
            stamp.updated_at,
          ),
        ];
      case 'SubscriberLeft':
        return [updateById('subscribers', id, { subscribed: false, left_at: event.recordedAt, ...stamp })];
      case 'SubscriberLinkedToSquare':
        return [updateById('subscribers', id, { square_customer_id: event.data.squareCustomerId, ...stamp })];
      case 'WelcomeEmailSent':
        return [updateById('subscribers', id, { welcome_sent_at: event.recordedAt, ...stamp })];
      default:
        return [];
    }
  }
}
