import { deciderSpec } from '../../test/support/decider-spec';
import { fold } from '../platform/event-store/decider';
import { subscriberDecider } from './subscriber.decider';
import type { SubscriberEvent } from './subscriber.events';

const spec = deciderSpec(subscriberDecider);
const join = { kind: 'Join', subscriberId: 's1', email: 'ana@example.com', name: null } as const;
const joined: SubscriberEvent = { type: 'SubscriberJoined', data: { subscriberId: 's1', email: 'ana@example.com', name: null } };
const left: SubscriberEvent = { type: 'SubscriberLeft', data: {} };
const linked: SubscriberEvent = { type: 'SubscriberLinkedToSquare', data: { squareCustomerId: 'CUST1' } };
const welcomed: SubscriberEvent = { type: 'WelcomeEmailSent', data: { messageId: '<m1>' } };

describe('subscriber decider', () => {
  it('joins a new email', () => spec.given().when(join).then([joined]));

  it('records nothing for a repeat subscription', () => spec.given(joined).when(join).thenNothing());

  it('joins again after leaving', () => spec.given(joined, left).when(join).then([joined]));

  it('leaves once; leaving again or without ever joining records nothing', () => {
    spec.given(joined).when({ kind: 'Leave' }).then([left]);
    spec.given(joined, left).when({ kind: 'Leave' }).thenNothing();
    spec.given().when({ kind: 'Leave' }).thenNothing();
  });

  it('emails the unsubscribe link asked for by address only to a subscriber, at most once a day', () => {
    const day = 86_400_000;
    const t0 = Date.parse('2026-11-25T10:00:00.000Z');
    const ask = (now: number) => ({ kind: 'RequestUnsubscribeLink', requestId: `r${now}`, now }) as const;
    const asked: SubscriberEvent = { type: 'UnsubscribeLinkRequested', data: { requestId: `r${t0}`, at: new Date(t0).toISOString() } };
    spec.given(joined).when(ask(t0)).then([asked]);
    spec
      .given(joined, asked)
      .when(ask(t0 + day - 1))
      .thenNothing();
    spec
      .given(joined, asked)
      .when(ask(t0 + day))
      .then([{ type: 'UnsubscribeLinkRequested', data: { requestId: `r${t0 + day}`, at: new Date(t0 + day).toISOString() } }]);
    spec.given(joined, left).when(ask(t0)).thenNothing();
    spec.given().when(ask(t0)).thenNothing();
    // Asking changes nothing else: the subscriber stays on the list.
    expect(fold(subscriberDecider, [joined, asked])).toMatchObject({ subscribed: true, unsubscribeLinkRequestedAt: t0 });
  });

  it('links to Square once, however often the job runs', () => {
    spec.given(joined).when({ kind: 'LinkToSquare', squareCustomerId: 'CUST1' }).then([linked]);
    spec.given(joined, linked).when({ kind: 'LinkToSquare', squareCustomerId: 'CUST2' }).thenNothing();
    spec.given().when({ kind: 'LinkToSquare', squareCustomerId: 'CUST1' }).thenThrows('NOT_FOUND');
  });

  it('records the welcome email once, and not again after leaving and rejoining', () => {
    spec.given(joined).when({ kind: 'RecordWelcomeSent', messageId: '<m1>' }).then([welcomed]);
    spec.given(joined, welcomed, left, joined).when({ kind: 'RecordWelcomeSent', messageId: '<m2>' }).thenNothing();
    spec.given().when({ kind: 'RecordWelcomeSent', messageId: '<m1>' }).thenThrows('NOT_FOUND');
  });

  it('refuses to link or welcome a subscriber that does not exist, saying so', () => {
    spec.given().when({ kind: 'LinkToSquare', squareCustomerId: 'CUST1' }).thenThrows('NOT_FOUND', 'That subscriber was not found.');
    spec.given().when({ kind: 'RecordWelcomeSent', messageId: '<m1>' }).thenThrows('NOT_FOUND', 'That subscriber was not found.');
  });
});

// The Square customer job and the welcome email read the folded subscriber.
describe('subscriber decider: the subscriber the jobs read', () => {
  const named: SubscriberEvent = { type: 'SubscriberJoined', data: { subscriberId: 's1', email: 'ana@example.com', name: 'Ana' } };

  it('is subscribed with the name given, and has had no welcome email yet', () => {
    expect(fold(subscriberDecider, [named])).toEqual({ exists: true, subscriberId: 's1', email: 'ana@example.com', name: 'Ana', subscribed: true, welcomeSent: false });
  });

  it('keeps the name given before when rejoining without one, and takes a new one', () => {
    const rejoined = (name: string | null): SubscriberEvent => ({ type: 'SubscriberJoined', data: { subscriberId: 's1', email: 'ana@example.com', name } });
    expect(fold(subscriberDecider, [named, left, rejoined(null)])).toMatchObject({ name: 'Ana', subscribed: true });
    expect(fold(subscriberDecider, [named, left, rejoined('Ana Lugosi')])).toMatchObject({ name: 'Ana Lugosi', subscribed: true });
  });

  it('keeps the Square customer and the welcome email across leaving and rejoining', () => {
    expect(fold(subscriberDecider, [named, linked, welcomed, left])).toMatchObject({ subscribed: false, squareCustomerId: 'CUST1', welcomeSent: true });
    expect(fold(subscriberDecider, [named, linked, welcomed, left, named])).toMatchObject({ subscribed: true, squareCustomerId: 'CUST1', welcomeSent: true });
  });
});
