import { deciderSpec } from '../../test/support/decider-spec';
import { cartDecider } from './cart.decider';
import type { CartEvent } from './cart.events';

const spec = deciderSpec(cartDecider);
const created: CartEvent = { type: 'CartCreated', data: { cartId: 'c1', sessionId: 's1' } };
const hoodie: CartEvent = { type: 'ItemAdded', data: { itemId: 'i1', productId: 1, name: 'Raven Hoodie', imageUrl: '/r.svg', unitPriceCents: 6800, quantity: 1 } };
const tee: CartEvent = { type: 'ItemAdded', data: { itemId: 'i2', productId: 2, name: 'Bat Tee', imageUrl: '/b.svg', unitPriceCents: 3200, quantity: 2 } };
const priced = [
  { itemId: 'i1', quantity: 1, unitPriceCents: 6800 },
  { itemId: 'i2', quantity: 2, unitPriceCents: 3200 },
];
const started: CartEvent = { type: 'CheckoutStarted', data: { orderId: 'o1' } };
const hoodieProduct = { productId: 1, variantId: '1-1', variantName: '', name: 'Raven Hoodie', imageUrl: '/r.svg', priceCents: 6800, inStock: true, stockQuantity: 5 };

describe('cart checkout', () => {
  it('starts a checkout for exactly the priced lines', () => {
    spec
      .given(created, hoodie, tee)
      .when({ kind: 'StartCheckout', orderId: 'o1', pricedLines: [...priced].reverse() })
      .then([started]);
  });

  it('refuses to start when the lines differ from what was priced', () => {
    const twoHoodies: CartEvent = { type: 'ItemQuantityChanged', data: { itemId: 'i1', quantity: 2 } };
    spec.given(created, hoodie, tee, twoHoodies).when({ kind: 'StartCheckout', orderId: 'o1', pricedLines: priced }).thenThrows('CART_CHANGED');
    spec
      .given(created, hoodie, tee)
      .when({ kind: 'StartCheckout', orderId: 'o1', pricedLines: priced.slice(0, 1) })
      .thenThrows('CART_CHANGED');
    spec.given(created, hoodie).when({ kind: 'StartCheckout', orderId: 'o1', pricedLines: priced }).thenThrows('CART_CHANGED');
    const repriced = [{ ...priced[0], unitPriceCents: 6000 }, priced[1]];
    spec.given(created, hoodie, tee).when({ kind: 'StartCheckout', orderId: 'o1', pricedLines: repriced }).thenThrows('CART_CHANGED');
  });

  it('refuses when a line was swapped for another item at the same quantity and price', () => {
    const swapped = [{ ...priced[0], itemId: 'i9' }, priced[1]];
    spec
      .given(created, hoodie, tee)
      .when({ kind: 'StartCheckout', orderId: 'o1', pricedLines: swapped })
      .thenThrows('CART_CHANGED', 'Your cart changed while you were paying. Please review it and try again.');
  });

  it('refuses an empty cart', () => {
    spec.given(created).when({ kind: 'StartCheckout', orderId: 'o1', pricedLines: [] }).thenThrows('EMPTY_CART', 'Please add items to your cart before checking out.');
  });

  it('treats the same checkout asked twice as started, and refuses another one meanwhile', () => {
    spec.given(created, hoodie, tee, started).when({ kind: 'StartCheckout', orderId: 'o1', pricedLines: priced }).thenNothing();
    spec
      .given(created, hoodie, tee, started)
      .when({ kind: 'StartCheckout', orderId: 'o2', pricedLines: priced })
      .thenThrows('CHECKOUT_IN_PROGRESS', 'Your payment is being processed; the cart can change again in a moment.');
  });

  it('locks the lines while a payment is in progress', () => {
    const locked = spec.given(created, hoodie, tee, started);
    locked
      .when({ kind: 'AddItem', newItemId: 'i3', quantity: 1, product: hoodieProduct })
      .thenThrows('CHECKOUT_IN_PROGRESS', 'Your payment is being processed; the cart can change again in a moment.');
    locked.when({ kind: 'ChangeQuantity', itemId: 'i1', quantity: 2, stock: hoodieProduct }).thenThrows('CHECKOUT_IN_PROGRESS');
    locked.when({ kind: 'RemoveItem', itemId: 'i1' }).thenThrows('CHECKOUT_IN_PROGRESS');
    locked.when({ kind: 'ClearCart' }).thenThrows('CHECKOUT_IN_PROGRESS');
    locked.when({ kind: 'RepriceItems', prices: { i1: 100 } }).thenThrows('CHECKOUT_IN_PROGRESS');
    locked
      .when({ kind: 'GiveContactDetails', name: 'Ana', email: 'ana@example.com', atCheckout: true })
      .then([{ type: 'ContactDetailsGiven', data: { name: 'Ana', email: 'ana@example.com', atCheckout: true } }]);
  });

  it('unlocks after a failed payment, only for that order', () => {
    spec
      .given(created, hoodie, started)
      .when({ kind: 'FailCheckout', orderId: 'o1' })
      .then([{ type: 'CheckoutFailed', data: { orderId: 'o1' } }]);
    spec.given(created, hoodie, started).when({ kind: 'FailCheckout', orderId: 'other' }).thenNothing();
    const failed: CartEvent = { type: 'CheckoutFailed', data: { orderId: 'o1' } };
    spec
      .given(created, hoodie, started, failed)
      .when({ kind: 'RemoveItem', itemId: 'i1' })
      .then([{ type: 'ItemRemoved', data: { itemId: 'i1' } }]);
  });

  it('empties the cart once the order is paid, once', () => {
    const checkedOut: CartEvent = { type: 'CartCheckedOut', data: { orderId: 'o1' } };
    spec.given(created, hoodie, tee, started).when({ kind: 'CompleteCheckout', orderId: 'o1' }).then([checkedOut]);
    spec.given(created, hoodie, tee, started, checkedOut).when({ kind: 'CompleteCheckout', orderId: 'o1' }).thenNothing();
    spec.given(created, hoodie, tee, started, checkedOut).when({ kind: 'StartCheckout', orderId: 'o2', pricedLines: [] }).thenThrows('EMPTY_CART');
  });

  it('leaves a line alone when no new price is given for it', () => {
    spec
      .given(created, hoodie, tee)
      .when({ kind: 'RepriceItems', prices: { i1: 6000 } })
      .then([{ type: 'ItemRepriced', data: { itemId: 'i1', unitPriceCents: 6000 } }]);
  });

  it('reprices only the lines whose price moved', () => {
    spec
      .given(created, hoodie, tee)
      .when({ kind: 'RepriceItems', prices: { i1: 6000, i2: 3200 } })
      .then([{ type: 'ItemRepriced', data: { itemId: 'i1', unitPriceCents: 6000 } }]);
    const repriced: CartEvent = { type: 'ItemRepriced', data: { itemId: 'i1', unitPriceCents: 6000 } };
    spec
      .given(created, hoodie, tee, repriced)
      .when({ kind: 'StartCheckout', orderId: 'o1', pricedLines: [{ ...priced[0], unitPriceCents: 6000 }, priced[1]] })
      .then([started]);
  });
});
