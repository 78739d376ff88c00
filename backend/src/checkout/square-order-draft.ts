import type { Square } from 'square';
import type { CheckoutOpened } from '../orders';

/** Where the shop's sale goes in Square, and who bought it. */
export interface SquareOrderContext {
  locationId: string;
  /** `source.name`: how Square's reports name the channel. */
  shopName: string;
  /** The buyer's Square customer (found by email or created once). */
  customerId: string | undefined;
  /** Each line's Square variation, by the line's index; absent: the line goes as an ad hoc line. */
  variations: readonly (string | undefined)[];
}

const usd = (cents: number): Square.Money => ({ amount: BigInt(cents), currency: 'USD' });

/** A code that took nothing off the items gave free shipping: the shipping line names it. */
const shippingName = ({ discountCode, discountCents }: CheckoutOpened['data']) => (discountCode && discountCents === 0 ? `Shipping (${discountCode})` : 'Shipping');

/** The Square order's idempotency key: one per checkout attempt, so a twin request or the reconciliation makes no second order. */
export const squareOrderKey = (opened: Pick<CheckoutOpened['data'], 'idempotencyKey'>): string => `${opened.idempotencyKey}-order`;

/**
 * The Square order of one paid checkout, priced by the shop: each line at the price the shopper was
 * charged (a catalog line names its variation, an ad hoc line its name); the discount by its code (any of the studio's),
 * as the amount the shop computed (`FIXED_AMOUNT`, so Square's rounding cannot move the total);
 * shipping as a "Shipping" service charge after the discount (none for a pickup; named with a free-shipping code, "Shipping (FREESHIP)"); one fulfillment.
 * Until the order is paid it carries the checkout's id as `reference_id` (numbers go to paid orders).
 */
export function squareOrderDraft(opened: CheckoutOpened['data'], context: SquareOrderContext): Square.CreateOrderRequest & { order: Square.Order } {
  const recipient = { displayName: opened.customer.name, emailAddress: opened.customer.email, ...(context.customerId ? { customerId: context.customerId } : {}) };
  const address = opened.shippingAddress;
  const fulfillment: Square.Fulfillment =
    opened.fulfillment === 'shipping' && address
      ? {
          type: 'SHIPMENT',
          state: 'PROPOSED',
          shipmentDetails: {
            recipient: {
              ...recipient,
              address: { addressLine1: address.address, locality: address.city, administrativeDistrictLevel1: address.state, postalCode: address.zipCode, country: 'US' },
            },
          },
        }
      : { type: 'PICKUP', state: 'PROPOSED', pickupDetails: { recipient, scheduleType: 'ASAP' } };
  return {
    idempotencyKey: squareOrderKey(opened),
    order: {
      locationId: context.locationId,
      referenceId: opened.orderNumber ?? opened.orderId,
      source: { name: context.shopName },
      ...(context.customerId ? { customerId: context.customerId } : {}),
      lineItems: opened.lines.map((line, i): Square.OrderLineItem => {
        const variation = context.variations[i];
        const price = { quantity: String(line.quantity), basePriceMoney: usd(line.unitPriceCents) };
        return variation ? { catalogObjectId: variation, ...price } : { name: line.variantName ? `${line.name}, ${line.variantName}` : line.name, ...price };
      }),
      ...(opened.discountCents > 0
        ? { discounts: [{ uid: 'discount', name: opened.discountCode ?? 'Discount', type: 'FIXED_AMOUNT', amountMoney: usd(opened.discountCents), scope: 'ORDER' }] }
        : {}),
      ...(opened.fulfillment === 'shipping'
        ? { serviceCharges: [{ uid: 'shipping', name: shippingName(opened), amountMoney: usd(opened.shippingCents), calculationPhase: 'TOTAL_PHASE', taxable: false }] }
        : {}),
      fulfillments: [fulfillment],
    },
  };
}
