import { variantOf, type ProductState } from './product.state';

/** A stock change waiting for Square, as the `stock_unpushed` table lists it: which variant, its key, its event (the idempotency key) and when. */
export interface WaitingChange {
  eventId: string;
  variantId: string;
  change: string;
  recordedAt: Date;
}

/**
 * The re-drive's choice: of the changes the table lists, those to send to Square again now. Only
 * what the product stream still says is unpushed (pushed, refused or forgotten by a new link since:
 * nothing), of a variant that follows a variation, and only once the change has waited `afterMs`
 * (its own job had that long to deliver it).
 */
export function duePushes(state: ProductState, waiting: readonly WaitingChange[], now: Date, afterMs: number): WaitingChange[] {
  if (!state.exists) return [];
  return waiting.filter((w) => {
    const variant = variantOf(state, w.variantId);
    return !!variant?.squareVariationId && w.change in variant.unpushed && now.getTime() - w.recordedAt.getTime() >= afterMs;
  });
}
