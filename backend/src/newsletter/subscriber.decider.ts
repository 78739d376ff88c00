import { notFound } from '../platform/errors/domain-error';
import type { Decider } from '../platform/event-store/decider';
import type { SubscriberEvent } from './subscriber.events';

export type SubscriberState =
  | { exists: false }
  | {
      exists: true;
      subscriberId: string;
      email: string;
      name: string | null;
      subscribed: boolean;
      welcomeSent: boolean;
      squareCustomerId?: string;
      /** When the unsubscribe link was last emailed on request (ms). */
      unsubscribeLinkRequestedAt?: number;
    };

/** At most one unsubscribe-link email a day to an address, however often its unsubscribe is asked for. */
export const UNSUBSCRIBE_LINK_EVERY_MS = 86_400_000;

export type SubscriberCommand =
  | { kind: 'Join'; subscriberId: string; email: string; name: string | null }
  | { kind: 'Leave' }
  | { kind: 'LinkToSquare'; squareCustomerId: string }
  | { kind: 'RecordWelcomeSent'; messageId: string }
  | { kind: 'RequestUnsubscribeLink'; requestId: string; now: number };

/** Every command is safe to repeat: a second subscription, unsubscribe or job run records nothing new. */
export const subscriberDecider: Decider<SubscriberState, SubscriberCommand, SubscriberEvent> = {
  initialState: { exists: false },

  evolve(state, event) {
    if (event.type === 'SubscriberJoined') {
      const { subscriberId, email, name } = event.data;
      if (!state.exists) return { exists: true, subscriberId, email, name, subscribed: true, welcomeSent: false };
      return { ...state, name: name ?? state.name, subscribed: true };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'SubscriberLeft':
        return { ...state, subscribed: false };
      case 'SubscriberLinkedToSquare':
        return { ...state, squareCustomerId: event.data.squareCustomerId };
      case 'WelcomeEmailSent':
        return { ...state, welcomeSent: true };
      case 'UnsubscribeLinkRequested':
        return { ...state, unsubscribeLinkRequestedAt: Date.parse(event.data.at) };
    }
  },

  decide(command, state) {
    switch (command.kind) {
      case 'Join':
        if (state.exists && state.subscribed) return [];
        return [{ type: 'SubscriberJoined', data: { subscriberId: command.subscriberId, email: command.email, name: command.name } }];
      case 'Leave':
        // Leaving a list one never joined changes nothing, and says nothing about who is on it.
        return state.exists && state.subscribed ? [{ type: 'SubscriberLeft', data: {} }] : [];
      case 'LinkToSquare':
        if (!state.exists) throw notFound('That subscriber was not found.');
        return state.squareCustomerId ? [] : [{ type: 'SubscriberLinkedToSquare', data: { squareCustomerId: command.squareCustomerId } }];
      case 'RecordWelcomeSent':
        if (!state.exists) throw notFound('That subscriber was not found.');
        return state.welcomeSent ? [] : [{ type: 'WelcomeEmailSent', data: { messageId: command.messageId } }];
      case 'RequestUnsubscribeLink': {
        // Only a subscriber is written to (anyone can ask for any address), and not more than once a day.
        if (!state.exists || !state.subscribed) return [];
        const last = state.unsubscribeLinkRequestedAt;
        if (last !== undefined && command.now < last + UNSUBSCRIBE_LINK_EVERY_MS) return [];
        return [{ type: 'UnsubscribeLinkRequested', data: { requestId: command.requestId, at: new Date(command.now).toISOString() } }];
      }
    }
  },
};
