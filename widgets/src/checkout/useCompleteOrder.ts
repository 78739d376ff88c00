import { useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '@dark-circle/api-client';
import { refusedFieldOf, shopperMessageOf } from '../api/refusals';
import type { Cart, CartItem } from '../cart/cart-api';
import { clearCart } from '../cart/cart-api';
import { notifyCartUpdated } from '../cart/cart-events';
import { forgetDiscountCode } from '../cart/checkout-draft';
import { fieldOfRequest, fieldProblems, type CheckoutFieldId } from '../cart/checkout-fields';
import type { ContactFields, FulfillmentMethod, ShippingAddress } from '../cart/checkout-types';
import { centsToDecimal, toCents } from '../lib/money';
import { lineName } from '../lib/variants';
import { useToast, type ToastOptions } from '../toast/toast-context';
import { ORDER_PARAM, saveOrderRecord, type OrderRecord } from './order-record';
import { processPayment, sendOrderConfirmation } from './payment-api';
import { declined, type PaymentFailure } from './payment-failure';
import type { SquareCard } from './square-web-sdk';
import type { ShippingOption } from '../cart/useShippingRates';

export interface CheckoutDetails {
  cart: Cart;
  items: CartItem[];
  contact: ContactFields;
  fulfillment: FulfillmentMethod;
  address: ShippingAddress;
  shippingOption: ShippingOption;
  /** The rate the server quoted for that option (its name and how long it takes), for the confirmation. */
  shippingRate?: { name: string; delivery: string };
  /** What the shopper is shown and asked to pay; null while shipping is still to be calculated. */
  totalCents: number | null;
  /** An applied discount code and what the server said it takes off. */
  discount?: { code: string; discountCents: number };
  /** The shopper's optional order note. */
  note?: string;
}

const ADDRESS_FIELDS: (keyof ShippingAddress)[] = ['address', 'city', 'state', 'zipCode'];

/** The checks the shopper sees before anything is sent, in the order they are made. */
function missing(details: CheckoutDetails, cardReady: boolean): ToastOptions | undefined {
  if (details.items.length === 0) {
    return { title: 'Empty Cart', description: 'Please add items to your cart before checking out.', variant: 'destructive' };
  }
  if (!details.contact.name.trim() || !details.contact.email.trim()) {
    return { title: 'Missing Information', description: 'Please enter your name and email address.', variant: 'destructive' };
  }
  if (details.fulfillment === 'shipping' && ADDRESS_FIELDS.some((key) => !details.address[key].trim())) {
    return { title: 'Missing Shipping Address', description: 'Please complete your shipping address.', variant: 'destructive' };
  }
  if (!cardReady) {
    return { title: 'Payment Form Not Ready', description: "Please try refreshing the page or click 'Reload Payment Form' below.", variant: 'destructive' };
  }
  return undefined;
}

/** Takes the shopper to a field to correct (on a phone it may be a screen away from Complete Order). */
function focusField(id: CheckoutFieldId | undefined): void {
  if (id) requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/**
 * Complete Order: tokenize the card, ask the server to charge the total the shopper sees, then keep
 * the order record for the confirmation page. The server prices the order itself and refuses any
 * other amount, so what is sent here is only ever compared, never trusted. A failure is shown as a
 * toast and at the card form, where it stays until the next attempt.
 */
export function useCompleteOrder(card: RefObject<SquareCard | null>, cardReady: boolean) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);

  async function complete(details: CheckoutDetails): Promise<void> {
    if (processing) return;
    const problems = fieldProblems(details.contact, details.fulfillment, details.address);
    const firstProblem = Object.keys(problems)[0] as CheckoutFieldId | undefined;
    const problem = missing(details, cardReady && card.current !== null);
    if (problem) {
      toast(problem);
      focusField(firstProblem);
      return;
    }
    // Malformed (an email, a ZIP): shown at the field, which the shopper is taken to.
    if (firstProblem) return focusField(firstProblem);
    if (details.totalCents === null) return;
    setFailure(null);
    setProcessing(true);
    try {
      const tokenized = await card.current!.tokenize();
      if (tokenized.status !== 'OK' || !tokenized.token) {
        const message = tokenized.errors?.map((e) => e.message).join(' ') || 'Card tokenization failed';
        setFailure({ message, advice: 'Please check your card details.' });
        throw new Error(message);
      }
      const shipping = details.fulfillment === 'shipping';
      const result = await processPayment({
        sourceId: tokenized.token,
        amountMoney: { amount: String(details.totalCents), currency: 'USD' },
        customerEmail: details.contact.email.trim(),
        customerName: details.contact.name.trim(),
        cartId: details.cart.id,
        fulfillmentMethod: details.fulfillment,
        ...(shipping ? { shippingAddress: details.address, shippingOption: details.shippingOption } : {}),
        ...(details.discount ? { discountCode: details.discount.code } : {}),
        ...(details.note?.trim() ? { orderNote: details.note.trim() } : {}),
      });
      if (!result.success) {
        setFailure(declined(result.error || 'Payment processing failed', result.code));
        throw new Error(result.error || 'Payment processing failed');
      }

      const record: OrderRecord = {
        orderId: result.payment.id,
        orderNumber: result.orderNumber,
        statusToken: result.statusToken,
        total: centsToDecimal(details.totalCents),
        // The sums the server priced and the card Square charged, from the payment's answer.
        subtotal: result.subtotal,
        shipping: result.shipping,
        card: result.card,
        ...(toCents(result.discount) > 0 ? { discount: result.discount, ...(details.discount ? { discountCode: details.discount.code } : {}) } : {}),
        customerName: details.contact.name.trim(),
        customerEmail: details.contact.email.trim(),
        fulfillmentMethod: details.fulfillment,
        shippingAddress: shipping ? details.address : null,
        ...(shipping && details.shippingRate ? { shippingRate: { name: details.shippingRate.name, delivery: details.shippingRate.delivery } } : {}),
        items: details.items.map((i) => ({ name: lineName(i.product.name, i.variantName), quantity: i.quantity, price: centsToDecimal(toCents(i.price) * i.quantity) })),
      };
      saveOrderRecord(record);
      forgetDiscountCode();
      // The server already emptied the paid cart; clearing again is harmless and keeps older servers right.
      await clearCart(details.cart.id).catch((error) => console.error('Failed to clear the cart', error));
      sendOrderConfirmation(record);
      notifyCartUpdated();
      // The order's own address: a reload, Back/Forward or another browser shows it again.
      navigate(`/order-confirmation?${ORDER_PARAM}=${encodeURIComponent(result.statusToken)}`);
    } catch (error) {
      // A refusal without the shop's words (a proxy's page) is no message for the shopper.
      const message = shopperMessageOf(error) ?? (error instanceof Error && !(error instanceof ApiError) ? error.message : undefined);
      toast({ title: 'Payment Failed', description: message ?? 'Please check your payment information and try again.', variant: 'destructive' });
      setFailure((shown) => shown ?? { message: message ?? 'Please check your payment information and try again.' });
      focusField(fieldOfRequest(refusedFieldOf(error)));
      // A refused payment may have repriced the cart or found it sold out: show the cart as it is now.
      notifyCartUpdated();
    } finally {
      setProcessing(false);
    }
  }

  return { complete, processing, failure };
}
