import { HttpException, HttpStatus, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { CartLine, Carts } from '../cart';
import { assertAvailable, lineName, Products, ProductSnapshot } from '../catalog';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import type { RequestContext } from '../platform/context/request-context';
import { conflict, DomainError, ErrorCode, invalid, notFound } from '../platform/errors/domain-error';
import { formatCents } from '../platform/money';
import { assertUsZip } from '../shipping';
import type { DiscountCheckBody, ProcessPaymentBody } from './checkout.schemas';
import { CheckoutProcess } from './checkout-process';
import { alreadyUsed, discountCheckOf, discountLines, Discounts } from './discounts';
import type { Transaction } from '../platform/event-store/event-store';
import { CARD_NOT_ACCEPTED } from './lost-charge';
import { checkoutIdentity } from './order-identity';
import { assertChargeable, priceOrder } from './order-pricing';
import { Orders, OrderStatusLinks, paidCard, type OpenOrder, type OrderTerms } from '../orders';

import type { DiscountCheck, PaymentResult } from './checkout.responses';

/** Refusals a shopper can act on (the cart, the stock) are errors; a card decline is an answer. */
const REFUSAL_CODES = new Set<string>([
  'OUT_OF_STOCK',
  'INSUFFICIENT_STOCK',
  'CART_CHANGED',
  'CHECKOUT_IN_PROGRESS',
  'EMPTY_CART',
  'DISCOUNT_NOT_ELIGIBLE',
  'DISCOUNT_ALREADY_USED',
  'SQUARE_TOTAL_MISMATCH',
] satisfies ErrorCode[]);

/** The cart decider's refusals of a lock: the only lock failures that close the order. */
const LOCK_REFUSALS = new Set<string>(['CART_CHANGED', 'CHECKOUT_IN_PROGRESS', 'EMPTY_CART'] satisfies ErrorCode[]);

/** The code's redemption row refused a second one (read by MikroORM, or as PostgreSQL answered inside a transaction of the event store's). */
const isUniqueViolation = (error: unknown) => error instanceof UniqueConstraintViolationException || (error as { code?: unknown } | null)?.code === '23505';

/** Orders closed without touching the cart keep its version; a bound on how many a version may see. */
const MAX_ATTEMPTS_PER_VERSION = 20;

/**
 * `POST /api/square/process-payment`: checks the request against the cart as the server prices it,
 * then opens the order, locks the cart on exactly those lines and lets CheckoutProcess take it from
 * there. Nothing the browser says about money is used, only compared.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly carts: Carts,
    private readonly products: Products,
    private readonly orders: Orders,
    private readonly process: CheckoutProcess,
    private readonly discounts: Discounts,
    private readonly links: OrderStatusLinks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `clientAddress`: the caller's address as the rate limits count it; its unfinished checkouts' units are bounded. */
  async processPayment(body: ProcessPaymentBody, clientAddress: string, caller: RequestContext): Promise<PaymentResult> {
    const cart = await this.carts.load(body.cartId);
    if (!cart.state.exists) throw notFound('That cart was not found.');
    // A checkout of this cart is under way (a double click, a retry after a dropped answer): see it through.
    if (cart.state.checkoutOrderId) return this.answer(await this.process.advance(cart.state.checkoutOrderId, { mayCharge: true }, caller));
    const lines = cart.state.lines;
    if (lines.length === 0) throw invalid('Please add items to your cart before checking out.', 'EMPTY_CART');

    const products = await Promise.all(lines.map((l) => this.products.snapshot(l.productId, l.variantId)));
    await this.repriceIfChanged(body.cartId, lines, products, caller);
    lines.forEach((line, i) => assertAvailable({ name: line.name, inStock: products[i]!.inStock, available: products[i]!.stockQuantity }, line.quantity));

    const shippingAddress = body.fulfillmentMethod === 'shipping' ? this.usAddress(body.shippingAddress!) : null;
    // Shipping is priced on the items before any discount; the discount comes off the items only.
    const discount = await this.discounts.apply(body.discountCode, body.customerEmail, discountLines(lines, products));
    const amounts = priceOrder(lines, body.fulfillmentMethod, discount?.discountCents, discount?.freeShipping);
    // A cart of $0.00 items picked up: Square cannot charge it, so nothing is held for it.
    assertChargeable(amounts.totalCents);
    if (body.amountMoney.amount !== amounts.totalCents) {
      throw conflict(
        `The order total is $${formatCents(amounts.totalCents)}, not $${formatCents(body.amountMoney.amount)}. Nothing was charged; please review your order and try again.`,
        'AMOUNT_MISMATCH',
        { total: formatCents(amounts.totalCents) },
      );
    }

    const customer = { name: body.customerName, email: body.customerEmail.toLowerCase() };
    // The contact goes onto the cart too, so an abandoned cart can be followed up. It may move the
    // cart's version; the order is still named after the version that was priced (`cart.version`).
    await this.carts.run(body.cartId, { kind: 'GiveContactDetails', ...customer, atCheckout: true }, caller);
    const terms: Omit<OrderTerms, 'orderId'> = {
      cartId: body.cartId,
      customer,
      fulfillment: body.fulfillmentMethod,
      shippingAddress,
      lines: lines.map(({ productId, variantId, variantName, name, quantity, unitPriceCents }) => ({ productId, variantId, variantName, name, quantity, unitPriceCents })),
      ...amounts,
      ...(discount ? { discountCode: discount.code, ...(discount.reusable ? { discountReusable: true as const } : {}) } : {}),
      ...(body.orderNote ? { note: body.orderNote } : {}),
    };
    const { order, openedHere } = await this.openCheckout(cart.version, { ...terms, sourceId: body.sourceId, clientAddress }, caller);
    // A twin request for the same cart state opened it first: fine if it is the same purchase.
    if (!openedHere && (order.opened.totalCents !== terms.totalCents || order.opened.fulfillment !== terms.fulfillment)) {
      throw conflict('Another payment for this cart is in progress.', 'CHECKOUT_IN_PROGRESS');
    }
    // Past `opened`, whoever opened the order has locked the cart on it already.
    if (order.status === 'opened') await this.lockCart(order.opened, lines, openedHere, caller);
    return this.answer(await this.process.advance(order.opened.orderId, { mayCharge: true }, caller));
  }

  /** What a code takes off this cart's items for this email, or the reason it does not apply. */
  async checkDiscount(body: DiscountCheckBody): Promise<DiscountCheck> {
    const cart = await this.carts.load(body.cartId);
    if (!cart.state.exists) throw notFound('That cart was not found.');
    const { lines } = cart.state;
    const subtotalCents = priceOrder(lines, 'pickup').subtotalCents;
    const products = await Promise.all(lines.map((l) => this.products.snapshot(l.productId, l.variantId).catch(() => undefined)));
    const discount = (await this.discounts.apply(body.code, body.email, discountLines(lines, products)))!;
    await this.discounts.assertUnused(discount.code, body.email);
    return { code: discount.code, ...discountCheckOf(discount), discount: formatCents(discount.discountCents), subtotal: formatCents(subtotalCents) };
  }

  /**
   * Opens the order for this priced cart version, or finds the one a twin request opened. A closed
   * order is never reused (its cart may have been released or never locked): the next attempt
   * number names a fresh one. The order's redemption row refuses a code another checkout with this
   * email redeemed a moment ago.
   */
  private async openCheckout(
    cartVersion: number,
    terms: Omit<OrderTerms, 'orderId'> & { sourceId: string; clientAddress: string },
    caller: RequestContext,
  ): Promise<{ order: OpenOrder; openedHere: boolean }> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS_PER_VERSION; attempt++) {
      const { orderId, idempotencyKey } = checkoutIdentity(terms.cartId, cartVersion, attempt);
      const code = terms.discountCode;
      if (code) await this.discounts.assertUnused(code, terms.customer.email, orderId);
      const opened = { ...terms, orderId, idempotencyKey };
      // The code's use is reserved in the transaction that opens the order: none left, nothing opens.
      const reserve = code ? (tx: Transaction) => this.discounts.reserveIn(tx, code, { orderId, email: terms.customer.email }, caller) : undefined;
      let result;
      try {
        // Refused (409 HOLD_LIMIT) before anything is reserved when the address holds too many units already.
        result = await this.orders.openWithinHold(opened, this.config.HOLD_UNITS_PER_CLIENT, caller, reserve);
      } catch (error) {
        if (opened.discountCode && isUniqueViolation(error)) throw alreadyUsed(opened.discountCode);
        throw error;
      }
      const { state, events } = result;
      if (!state.exists) throw new Error(`Order ${orderId} was not opened`);
      if (events.length > 0) return { order: state, openedHere: true };
      if (state.status !== 'closed') return { order: state, openedHere: false };
    }
    throw conflict('This cart has had too many payment attempts at once. Please review it and try again.', 'CHECKOUT_IN_PROGRESS');
  }

  /** A line whose catalogue price moved is repriced in the cart, and the shopper sees the new total before paying. */
  private async repriceIfChanged(cartId: string, lines: readonly CartLine[], products: (ProductSnapshot | undefined)[], caller: RequestContext): Promise<void> {
    const gone = lines.find((_, i) => !products[i]);
    if (gone) throw conflict(`${gone.name} is sold out.`, 'OUT_OF_STOCK', { available: 0 });
    const prices = Object.fromEntries(lines.flatMap((l, i) => (products[i]!.priceCents !== l.unitPriceCents ? [[l.itemId, products[i]!.priceCents]] : [])));
    const changed = lines.filter((l) => prices[l.itemId] !== undefined);
    if (changed.length === 0) return;
    const { state } = await this.carts.run(cartId, { kind: 'RepriceItems', prices }, caller);
    const subtotal = state.exists ? priceOrder(state.lines, 'pickup').subtotalCents : 0;
    // Named as the line is ("Review Tee, S"): of a product in sizes, only one size may have moved.
    const names = changed.map((l) => `${lineName(l.name, { name: l.variantName })} is now $${formatCents(prices[l.itemId])}`).join('; ');
    throw conflict(`A price changed since you added it: ${names}. Your cart now shows the new subtotal of $${formatCents(subtotal)}; nothing was charged.`, 'PRICE_CHANGED', {
      subtotal: formatCents(subtotal),
    });
  }

  private usAddress(address: NonNullable<ProcessPaymentBody['shippingAddress']>): OrderTerms['shippingAddress'] {
    if (!/^(US|USA|United States)$/i.test(address.country || 'US')) throw invalid('We only ship within the United States.', 'SHIPPING_RESTRICTED');
    assertUsZip(address.zipCode);
    return { ...address, country: 'US' };
  }

  /**
   * Locks the cart on the priced lines. When the cart decider refuses (the cart changed, another
   * checkout holds it) and this request opened the order, the order is closed with that refusal.
   * Anything else (a lost connection, a clash) is left to a retry or the reconciliation job: the
   * order may be a twin's that is being charged right now.
   */
  private async lockCart(terms: OrderTerms, lines: readonly CartLine[], openedHere: boolean, caller: RequestContext): Promise<void> {
    try {
      await this.carts.run(terms.cartId, { kind: 'StartCheckout', orderId: terms.orderId, pricedLines: lines }, caller);
    } catch (error) {
      if (openedHere && error instanceof DomainError && LOCK_REFUSALS.has(error.code)) {
        // The decider's own words, never a driver's: the shopper may be shown them.
        await this.orders.run(terms.orderId, { kind: 'RefuseCheckout', failure: { code: error.code, message: error.message } }, caller);
        await this.process.advance(terms.orderId, { mayCharge: false }, caller);
      }
      throw error;
    }
  }

  private answer(order: OpenOrder): PaymentResult {
    const { opened } = order;
    if (order.status === 'placed' && order.payment && order.orderNumber) {
      return {
        success: true,
        payment: { id: order.payment.paymentId, status: 'COMPLETED', amountMoney: { amount: String(opened.totalCents), currency: 'USD' } },
        orderId: opened.orderId,
        orderNumber: order.orderNumber,
        statusToken: this.links.tokenFor(opened.orderId),
        subtotal: formatCents(opened.subtotalCents),
        shipping: formatCents(opened.shippingCents),
        discount: formatCents(opened.discountCents),
        card: paidCard(order.payment),
      };
    }
    if (order.status === 'closed' && order.failure) {
      // Square refused the charge outright and nothing was charged: the stock is back already.
      if (order.failure.code === CARD_NOT_ACCEPTED) throw new HttpException({ code: CARD_NOT_ACCEPTED, message: order.failure.message }, HttpStatus.PAYMENT_REQUIRED);
      if (REFUSAL_CODES.has(order.failure.code)) throw conflict(order.failure.message, order.failure.code as ErrorCode);
      return { success: false, error: order.failure.message, code: order.failure.code };
    }
    throw new ServiceUnavailableException({
      code: 'PAYMENT_UNCONFIRMED',
      message: 'We could not reach the card processor to confirm your payment. You will not be charged twice: please try again in a minute.',
    });
  }
}
