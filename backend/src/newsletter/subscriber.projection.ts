import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import type { Projection } from '../platform/projections/projection';
import { SUBSCRIBER_STREAM_PREFIX, SUBSCRIBER_STREAM_TYPE, SubscriberEvent } from './subscriber.events';
import { SubscriberView } from './subscriber.view';

@Injectable()
export class SubscriberProjection implements Projection {
  readonly name = 'subscribers';
  readonly tables = ['subscribers'];

  async apply(em: EntityManager, recorded: RecordedEvent): Promise<void> {
    if (recorded.streamType !== SUBSCRIBER_STREAM_TYPE) return;
    const event = recorded as RecordedEvent<SubscriberEvent>;
    const id = event.streamId.slice(SUBSCRIBER_STREAM_PREFIX.length);
    const stamp = { version: event.version, updatedAt: event.recordedAt };
    switch (event.type) {
      case 'SubscriberJoined':
        // A rejoin keeps the row (and its Square link) and only flips it back on.
        await em.execute(
          `insert into subscribers (id, email, name, subscribed, joined_at, version, updated_at) values (?, ?, ?, true, ?, ?, ?)
           on conflict (id) do update set name = coalesce(excluded.name, subscribers.name), subscribed = true, joined_at = excluded.joined_at, left_at = null, version = excluded.version, updated_at = excluded.updated_at`,
          [id, event.data.email, event.data.name, event.recordedAt, stamp.version, stamp.updatedAt],
        );
        return;
      case 'SubscriberLeft':
        await em.nativeUpdate(SubscriberView, { id }, { subscribed: false, leftAt: event.recordedAt, ...stamp });
        return;
      case 'SubscriberLinkedToSquare':
        await em.nativeUpdate(SubscriberView, { id }, { squareCustomerId: event.data.squareCustomerId, ...stamp });
        return;
      case 'WelcomeEmailSent':
        await em.nativeUpdate(SubscriberView, { id }, { welcomeSentAt: event.recordedAt, ...stamp });
        return;
    }
  }
}
