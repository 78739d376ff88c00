import { updateById, write } from '../platform/projections/sql-write';
import { streamProjection } from '../platform/projections/stream-projection';
import { subscriberStream, type SubscriberEvent } from './subscriber.events';

export const subscriberProjection = streamProjection<SubscriberEvent>({ name: 'subscribers', tables: ['subscribers'], stream: subscriberStream }, (event, id, stamp) => {
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
});
