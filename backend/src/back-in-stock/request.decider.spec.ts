import { deciderSpec } from '../../test/support/decider-spec';
import { CONFIRMATION_RESEND_EVERY_MS, requestDecider } from './request.decider';
import type { BackInStockEvent } from './request.events';

const spec = deciderSpec(requestDecider);
const t0 = Date.parse('2026-11-26T10:00:00.000Z');
const request = { requestId: 'r1', productId: 7, variantId: '7-2', email: 'ana@example.com' };
const ask = (now = t0) => ({ kind: 'Ask', ...request, now }) as const;
const asked = (round = 1, now = t0): BackInStockEvent => ({ type: 'BackInStockAsked', data: { ...request, round, at: new Date(now).toISOString() } });
const confirmed = (round = 1): BackInStockEvent => ({ type: 'BackInStockConfirmed', data: { round } });
const left = (round = 1): BackInStockEvent => ({ type: 'BackInStockLeft', data: { round } });
const claimed = (round = 1, jobId = 'job-a'): BackInStockEvent => ({ type: 'BackInStockEmailClaimed', data: { round, jobId } });
const emailed = (round = 1): BackInStockEvent => ({ type: 'BackInStockEmailSent', data: { round, messageId: `<m${round}>` } });

describe('back-in-stock request decider', () => {
  it('starts a request with its first ask', () => spec.given().when(ask()).then([asked()]));

  it('sends the confirmation again to a pending request at most once per interval', () => {
    spec
      .given(asked())
      .when(ask(t0 + CONFIRMATION_RESEND_EVERY_MS - 1))
      .thenNothing();
    const resent: BackInStockEvent = { type: 'BackInStockConfirmationResent', data: { round: 1, at: new Date(t0 + CONFIRMATION_RESEND_EVERY_MS).toISOString() } };
    spec
      .given(asked())
      .when(ask(t0 + CONFIRMATION_RESEND_EVERY_MS))
      .then([resent]);
    // The interval runs from the last email sent, the resent one included.
    spec
      .given(asked(), resent)
      .when(ask(t0 + CONFIRMATION_RESEND_EVERY_MS + 1))
      .thenNothing();
  });

  it('records nothing when a confirmed address asks again', () =>
    spec
      .given(asked(), confirmed())
      .when(ask(t0 + 86_400_000))
      .thenNothing());

  it('starts a new round after the last request was answered or withdrawn', () => {
    spec
      .given(asked(), confirmed(), emailed())
      .when(ask(t0 + 1000))
      .then([asked(2, t0 + 1000)]);
    spec
      .given(asked(), left())
      .when(ask(t0 + 1000))
      .then([asked(2, t0 + 1000)]);
  });

  it('confirms a pending request once; an answered or withdrawn one needs a new ask', () => {
    spec.given(asked()).when({ kind: 'Confirm' }).then([confirmed()]);
    spec.given(asked(), confirmed()).when({ kind: 'Confirm' }).thenNothing();
    spec.given(asked(), confirmed(), emailed()).when({ kind: 'Confirm' }).thenNothing();
    spec.given(asked(), left()).when({ kind: 'Confirm' }).thenNothing();
    spec
      .given(asked(), confirmed(), emailed(), asked(2))
      .when({ kind: 'Confirm' })
      .then([confirmed(2)]);
  });

  it('refuses to confirm a request nobody made', () => spec.given().when({ kind: 'Confirm' }).thenThrows('NOT_FOUND', 'That request was not found.'));

  it('leaves a pending or waiting request once; nothing to leave otherwise', () => {
    spec.given(asked()).when({ kind: 'Leave' }).then([left()]);
    spec.given(asked(), confirmed()).when({ kind: 'Leave' }).then([left()]);
    spec.given(asked(), confirmed(), left()).when({ kind: 'Leave' }).thenNothing();
    spec.given(asked(), confirmed(), emailed()).when({ kind: 'Leave' }).thenNothing();
    spec.given().when({ kind: 'Leave' }).thenNothing();
  });

  it('lets one job claim the back-in-stock email of a confirmed request, once per round', () => {
    const claim = (round = 1, jobId = 'job-a') => ({ kind: 'ClaimEmail', round, jobId }) as const;
    spec.given(asked(), confirmed()).when(claim()).then([claimed()]);
    // The claimant's retry finds its own claim and may send; another job is refused.
    spec.given(asked(), confirmed(), claimed()).when(claim()).thenNothing();
    spec.given(asked(), confirmed(), claimed()).when(claim(1, 'job-b')).thenThrows('EMAIL_CLAIMED', 'Another job', { round: 1 });
    // Nothing to claim: not confirmed, told, withdrawn, or another round.
    spec.given(asked()).when(claim()).thenNothing();
    spec.given(asked(), confirmed(), claimed(), emailed()).when(claim(1, 'job-b')).thenNothing();
    spec.given(asked(), confirmed(), left()).when(claim()).thenNothing();
    spec.given(asked(), confirmed()).when(claim(2)).thenNothing();
    // A new round's email is claimed afresh, whoever claimed the last one.
    spec
      .given(asked(), confirmed(), claimed(), emailed(), asked(2), confirmed(2))
      .when(claim(2, 'job-b'))
      .then([claimed(2, 'job-b')]);
    spec.given().when(claim()).thenThrows('NOT_FOUND', 'That request was not found.');
  });

  it('records the back-in-stock email once, by its claimant, for a confirmed request of that round only', () => {
    const sent = { kind: 'RecordEmailSent', round: 1, jobId: 'job-a', messageId: '<m1>' } as const;
    spec.given(asked(), confirmed(), claimed()).when(sent).then([emailed()]);
    spec.given(asked(), confirmed(), claimed(), emailed()).when(sent).thenNothing();
    spec.given(asked(), confirmed()).when(sent).thenNothing();
    spec.given(asked(), confirmed(), claimed(1, 'job-b')).when(sent).thenNothing();
    spec.given(asked()).when(sent).thenNothing();
    spec.given(asked(), confirmed(), claimed(), left()).when(sent).thenNothing();
    spec.given(asked(), confirmed(), claimed(), emailed(), asked(2), confirmed(2), claimed(2)).when(sent).thenNothing();
    spec.given().when(sent).thenThrows('NOT_FOUND', 'That request was not found.');
  });
});
