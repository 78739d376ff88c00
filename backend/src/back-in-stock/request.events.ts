import type { DomainEvent } from '../platform/event-store/recorded-event';
import { streamKind, stringId } from '../platform/event-store/stream';

/**
 * An address asked to be emailed when a variant is back (the first time, or again after its last
 * request was answered or withdrawn): `round` counts the requests, so a record of the previous
 * one never settles this one. The confirmation email goes out.
 */
export type BackInStockAsked = DomainEvent<'BackInStockAsked', { requestId: string; productId: number; variantId: string; email: string; round: number; at: string }>;
/** Asked again before confirming, long enough after the last confirmation email: it goes out again. */
export type BackInStockConfirmationResent = DomainEvent<'BackInStockConfirmationResent', { round: number; at: string }>;
/** The address's owner opened the confirmation link: the address waits on the variant's list. */
export type BackInStockConfirmed = DomainEvent<'BackInStockConfirmed', { round: number }>;
/** Taken off the list by its own link, before any back-in-stock email. */
export type BackInStockLeft = DomainEvent<'BackInStockLeft', { round: number }>;
/**
 * A job took this round's back-in-stock email on itself, before sending it: `jobId` is the job (the
 * id of the event it runs for, which its retries keep), the only one that may send and record it.
 */
export type BackInStockEmailClaimed = DomainEvent<'BackInStockEmailClaimed', { round: number; jobId: string }>;
/** The back-in-stock email went out; recorded by the claimant after the send. The request is answered. */
export type BackInStockEmailSent = DomainEvent<'BackInStockEmailSent', { round: number; messageId: string }>;

export type BackInStockEvent = BackInStockAsked | BackInStockConfirmationResent | BackInStockConfirmed | BackInStockLeft | BackInStockEmailClaimed | BackInStockEmailSent;

export const BACK_IN_STOCK_STREAM_TYPE = 'BackInStockRequest';
/** One stream per address and variant (`requestIdOf`). */
export const requestStream = streamKind(BACK_IN_STOCK_STREAM_TYPE, 'back-in-stock-', stringId);
