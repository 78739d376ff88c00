import type { SquareOrderRecord } from './square-order.events';
import type { CheckoutOpened, Fulfillment, FulfillmentStep, PaidOrderTerms, PaymentCaptured, PaymentFailed, RefundTerms } from './order.events';
import type { SquareFulfillmentRefused, SquareFulfillmentState } from './square-fulfillment.events';

/**
 * opened → charging → paid → placed, or opened/charging → failed → closed. `paid` and `failed`
 * mean the money question is settled but the stock and the cart are not yet: a crash there is
 * finished by the reconciliation job.
 */
export type OrderStatus = 'opened' | 'charging' | 'paid' | 'placed' | 'failed' | 'closed';

/** Where fulfillment stands: the last step recorded. */
export type FulfillmentStatus = 'unfulfilled' | FulfillmentStep;

/** What one recorded fulfillment step said, and whether the shopper was emailed about it. */
export interface StepRecord {
  note: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  emailSent: boolean;
}

export interface RefundRecord {
  terms: RefundTerms;
  /** `pending`: not settled yet, whether Square never answered or answered `PENDING` (then `squareRefundId` is known). */
  status: 'pending' | 'refunded' | 'failed';
  squareRefundId?: string;
  /** Why nothing went back, on a failed refund. */
  failure?: { code: string; message: string };
  emailSent: boolean;
}

export type OrderState =
  | { exists: false }
  | {
      exists: true;
      status: OrderStatus;
      opened: CheckoutOpened['data'];
      /** The shopper's order number: given when the payment is captured (orders opened before that was so carry it from their opening). */
      orderNumber?: string;
      payment?: PaymentCaptured['data'];
      failure?: PaymentFailed['data'];
      /** When the charge was asked for: until the longest charge could take is past, a missing payment may still land. */
      chargeRequestedAt?: string;
      confirmationSent: boolean;
      /** How the order finally reached its shopper (picked up or shipped), once it did. */
      fulfilled?: Fulfillment;
      fulfillmentStatus: FulfillmentStatus;
      /** Each step recorded so far (an older `OrderFulfilled` replays as its step). */
      steps: Partial<Record<FulfillmentStep, StepRecord>>;
      /** Every refund asked for, by its request id: pending until Square says it completed or failed. */
      refunds: Record<string, RefundRecord>;
      /** The checkout's order in Square's books, once made (absent on orders from before, and until it is). */
      squareOrder?: SquareOrderRecord;
      /**
       * Where the Square order's fulfillment stands as the shop last saw it, at which Square order
       * version (0: as made, before any was seen), and Square's refusal to follow a shop step, if it refused.
       */
      squareFulfillment?: { state: SquareFulfillmentState; version: number; refused?: SquareFulfillmentRefused['data'] };
    };

/** An order that was opened: every command but the opening needs one. */
export type OpenOrder = Extract<OrderState, { exists: true }>;

/** How an order is named in messages and logs: its number once it has one, its id before. */
export const orderName = (state: OpenOrder): string => state.orderNumber ?? state.opened.orderId;

/** A paid order's terms with its number, for what the shopper is sent. */
export const paidTerms = (state: OpenOrder): PaidOrderTerms => ({ ...state.opened, orderNumber: orderName(state) });
