import { conflict, notFound } from '../platform/errors/domain-error';
import type { Decider } from '../platform/event-store/decider';
import type { BackInStockEvent } from './request.events';

/**
 * Where one address's request for one variant stands: `pending` until the confirmation page's
 * button is pressed, `confirmed` while it waits on the list, `emailed` once the variant came back and it was
 * told, `left` when it took itself off.
 */
export type RequestStatus = 'pending' | 'confirmed' | 'emailed' | 'left';

export type RequestState =
  | { exists: false }
  | {
      exists: true;
      requestId: string;
      productId: number;
      variantId: string;
      email: string;
      status: RequestStatus;
      /** Which request of this address for this variant (from 1). */
      round: number;
      /** When the confirmation email last went out (ms). */
      confirmationSentAt: number;
      /** The job that claimed this round's back-in-stock email (only it sends); unset: not claimed yet. */
      claimedBy?: string;
    };

/** Asking again before confirming sends the confirmation again at most this often. */
export const CONFIRMATION_RESEND_EVERY_MS = 10 * 60_000;

export type RequestCommand =
  | { kind: 'Ask'; requestId: string; productId: number; variantId: string; email: string; now: number }
  | { kind: 'Confirm' }
  | { kind: 'Leave' }
  | { kind: 'ClaimEmail'; round: number; jobId: string }
  | { kind: 'RecordEmailSent'; round: number; jobId: string; messageId: string };

/**
 * Every command is safe to repeat: a second ask, click or job run records nothing new. The
 * back-in-stock email is claimed before it is sent, once per round: a second job's claim is refused.
 */
export const requestDecider: Decider<RequestState, RequestCommand, BackInStockEvent> = {
  initialState: { exists: false },

  evolve(state, event) {
    if (event.type === 'BackInStockAsked') {
      const { requestId, productId, variantId, email, round, at } = event.data;
      return { exists: true, requestId, productId, variantId, email, status: 'pending', round, confirmationSentAt: Date.parse(at) };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'BackInStockConfirmationResent':
        return { ...state, confirmationSentAt: Date.parse(event.data.at) };
      case 'BackInStockConfirmed':
        return { ...state, status: 'confirmed' };
      case 'BackInStockLeft':
        return { ...state, status: 'left' };
      case 'BackInStockEmailClaimed':
        return { ...state, claimedBy: event.data.jobId };
      case 'BackInStockEmailSent':
        return { ...state, status: 'emailed' };
    }
  },

  decide(command, state) {
    switch (command.kind) {
      case 'Ask': {
        const { kind: _kind, now, ...request } = command;
        const at = new Date(now).toISOString();
        // A new request: the first, or one after the last was answered or withdrawn.
        if (!state.exists || state.status === 'emailed' || state.status === 'left') {
          return [{ type: 'BackInStockAsked', data: { ...request, round: state.exists ? state.round + 1 : 1, at } }];
        }
        // Already on the list: nothing to confirm again.
        if (state.status === 'confirmed') return [];
        if (now < state.confirmationSentAt + CONFIRMATION_RESEND_EVERY_MS) return [];
        return [{ type: 'BackInStockConfirmationResent', data: { round: state.round, at } }];
      }
      case 'Confirm':
        if (!state.exists) throw notFound('That request was not found.');
        // Only a request still waiting for its confirmation: a withdrawn or answered one needs a new ask.
        return state.status === 'pending' ? [{ type: 'BackInStockConfirmed', data: { round: state.round } }] : [];
      case 'Leave':
        return state.exists && (state.status === 'pending' || state.status === 'confirmed') ? [{ type: 'BackInStockLeft', data: { round: state.round } }] : [];
      case 'ClaimEmail':
        if (!state.exists) throw notFound('That request was not found.');
        // Only a request waiting on the list, in that round, has an email to claim.
        if (state.status !== 'confirmed' || state.round !== command.round) return [];
        // Its own claim: the job was retried (it crashed or failed before sending), and may send.
        if (state.claimedBy === command.jobId) return [];
        if (state.claimedBy !== undefined) throw conflict('Another job is sending this back-in-stock email.', 'EMAIL_CLAIMED', { round: state.round });
        return [{ type: 'BackInStockEmailClaimed', data: { round: command.round, jobId: command.jobId } }];
      case 'RecordEmailSent':
        if (!state.exists) throw notFound('That request was not found.');
        // Once per request, by its claimant: a retried job, or the email of an earlier round, records nothing.
        if (state.status !== 'confirmed' || state.round !== command.round || state.claimedBy !== command.jobId) return [];
        return [{ type: 'BackInStockEmailSent', data: { round: command.round, messageId: command.messageId } }];
    }
  },
};
