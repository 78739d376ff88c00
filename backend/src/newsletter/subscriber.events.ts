import type { DomainEvent } from '../platform/event-store/recorded-event';
import { streamKind, stringId } from '../platform/event-store/stream';

/** Joined the newsletter (the first time, or again after leaving). */
export type SubscriberJoined = DomainEvent<'SubscriberJoined', { subscriberId: string; email: string; name: string | null }>;
/** Asked to receive no more newsletter email. */
export type SubscriberLeft = DomainEvent<'SubscriberLeft', Record<string, never>>;
/** Found or created in Square's customer directory. */
export type SubscriberLinkedToSquare = DomainEvent<'SubscriberLinkedToSquare', { squareCustomerId: string }>;
/** The welcome email (with the first-order code) went out; recorded after the send, so only a crash between the two repeats it. */
export type WelcomeEmailSent = DomainEvent<'WelcomeEmailSent', { messageId: string }>;

/**
 * Someone asked, by the address alone, to unsubscribe it: the worker emails the address its signed
 * unsubscribe link, and the link does the rest (an address is no proof of who asks).
 */
export type UnsubscribeLinkRequested = DomainEvent<'UnsubscribeLinkRequested', { requestId: string; at: string }>;

export type SubscriberEvent = SubscriberJoined | SubscriberLeft | SubscriberLinkedToSquare | WelcomeEmailSent | UnsubscribeLinkRequested;

export const SUBSCRIBER_STREAM_TYPE = 'Subscriber';
export const subscriberStream = streamKind(SUBSCRIBER_STREAM_TYPE, 'subscriber-', stringId);
