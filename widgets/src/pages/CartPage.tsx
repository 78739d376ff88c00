import { useState } from 'react';
import { Link } from 'react-router';
import type { Cart, CartItem } from '../cart/cart-api';
import { subtotalCents } from '../cart/cart-totals';
import { CartItemList } from '../cart/CartItemList';
import { HandOverNote } from '../cart/HandOverNote';
import { useHandOver } from '../cart/hand-over';
import { readSavedContact } from '../cart/saved-contact';
import { PaymentSection } from '../checkout/PaymentSection';
import { useCardForm } from '../checkout/useCardForm';
import { useCompleteOrder } from '../checkout/useCompleteOrder';
import { EMPTY_SHIPPING_ADDRESS, type ContactFields, type FulfillmentMethod, type ShippingAddress } from '../cart/checkout-types';
import { ContactSection } from '../cart/ContactSection';
import { FulfillmentSection } from '../cart/FulfillmentSection';
import { OrderSummary } from '../cart/OrderSummary';
import { ShippingAddressSection } from '../cart/ShippingAddressSection';
import { ShippingOptionsSection } from '../cart/ShippingOptionsSection';
import { useCart } from '../cart/useCart';
import { chosenShippingRate, DEFAULT_SHIPPING_OPTION, shippingQuote, useShippingRates, type ShippingOption, type ShippingQuote } from '../cart/useShippingRates';
import { DiscountCodeField } from '../cart/DiscountCodeField';
import { serverMessageOf } from '../api/http';
import { useDiscountQuote } from '../checkout/discount-api';
import { toCents } from '../lib/money';
import { useDebouncedValue } from '../lib/useDebouncedValue';

export function CartPage() {
  const { data, items, itemCount, loading } = useCart();
  // A cart coming by link is not shown until the server has said which cart this browser keeps.
  const handingOver = useHandOver().status === 'pending';

  let content;
  if (loading || handingOver) {
    content = (
      <p className="notice" role="status">
        Loading cart...
      </p>
    );
  } else if (!data || items.length === 0) {
    // A cart that failed to load is shown as empty too.
    content = <EmptyCart />;
  } else {
    content = <Checkout cart={data.cart} items={items} itemCount={itemCount} />;
  }

  return (
    <main id="main" className="page container">
      <title>Cart — The Dark Circle</title>
      <HandOverNote />
      {content}
    </main>
  );
}

function EmptyCart() {
  return (
    <div className="notice cart-empty">
      <h1 className="cart-empty__title">Your Cart is Empty</h1>
      <p>Add some items to get started!</p>
      <Link to="/" className="button">
        Continue Shopping
      </Link>
    </div>
  );
}

/** The order summary's shipping line while there is no rate for the ZIP as typed. */
const SHIPPING_PENDING: Record<Exclude<ShippingQuote['status'], 'priced'>, string> = {
  'needs-zip': 'Enter a ZIP code',
  calculating: 'Calculating...',
  refused: 'Not available',
};

/** The checkout form: details on the left, items and totals on the right (one column on phones). */
function Checkout({ cart, items, itemCount }: { cart: Cart; items: CartItem[]; itemCount: number }) {
  // The contact comes from this browser, never from the server (which shows whoever holds the cart's
  // session id only a masked email); `saved` is what this cart was last sent, if it was.
  const [remembered] = useState(readSavedContact);
  const saved = remembered?.cartId === cart.id ? remembered : { name: '', email: '' };
  const [contact, setContact] = useState<ContactFields>(() => ({ name: remembered?.name ?? '', email: remembered?.email ?? '' }));
  const [fulfillment, setFulfillment] = useState<FulfillmentMethod>('pickup');
  const [address, setAddress] = useState<ShippingAddress>(EMPTY_SHIPPING_ADDRESS);
  const [shippingOption, setShippingOption] = useState<ShippingOption>(DEFAULT_SHIPPING_OPTION);

  const subtotal = subtotalCents(items);
  const shipping = fulfillment === 'shipping';
  const rates = useShippingRates({ enabled: shipping, subtotalCents: subtotal, zipCode: address.zipCode });
  // Only a rate for the ZIP as typed counts; until then the total waits and nothing can be paid.
  const quote = shippingQuote(rates, address.zipCode);
  const rate = quote.status === 'priced' ? chosenShippingRate(quote.rates, shippingOption)?.[1] : undefined;
  const shippingCents = !shipping ? 0 : rate ? toCents(rate.cost) : null;
  const discount = useDiscount(cart.id, contact.email, subtotal);
  const totalCents = shippingCents === null || discount.cents === null ? null : subtotal + shippingCents - discount.cents;
  const cardForm = useCardForm(items.length > 0);
  const { complete, processing } = useCompleteOrder(cardForm.card, cardForm.ready);

  return (
    <>
      <h1 className="page__title checkout__title">Checkout</h1>
      <div className="checkout">
        <div className="checkout__details">
          <ContactSection cartId={cart.id} saved={saved} value={contact} onChange={setContact} />
          <FulfillmentSection value={fulfillment} onChange={setFulfillment} />
          {shipping && (
            <>
              <ShippingAddressSection value={address} onChange={setAddress} />
              <ShippingOptionsSection rates={rates} value={shippingOption} onChange={setShippingOption} />
            </>
          )}
          <PaymentSection
            containerRef={cardForm.containerRef}
            formState={cardForm.state}
            onReload={cardForm.reload}
            processing={processing}
            totalCents={totalCents}
            onComplete={() => void complete({ cart, items, contact, fulfillment, address, shippingOption, totalCents, discount: discount.forOrder })}
          />
        </div>
        <div className="checkout__order">
          <CartItemList items={items} itemCount={itemCount} />
          <OrderSummary
            subtotalCents={subtotal}
            shippingCents={shippingCents}
            shippingPending={SHIPPING_PENDING[quote.status === 'priced' ? 'refused' : quote.status]}
            discountCents={discount.cents}
            discountLabel={discount.forOrder ? `Discount (${discount.forOrder.code})` : undefined}
            discountField={<DiscountCodeField applied={discount.code} status={discount.status} onApply={discount.apply} onRemove={discount.remove} />}
          />
        </div>
      </div>
    </>
  );
}

/**
 * The code the shopper applied and what the server says it takes off (asked again when the email or
 * the items change). A code that does not apply takes nothing off and says why.
 */
function useDiscount(cartId: string, email: string, subtotal: number) {
  const [code, setCode] = useState<string | null>(null);
  const typedEmail = email.trim();
  const settledEmail = useDebouncedValue(typedEmail, 400);
  const quote = useDiscountQuote(code && settledEmail ? { code, email: settledEmail, cartId, subtotalCents: subtotal } : null);

  let status: Parameters<typeof DiscountCodeField>[0]['status'] = null;
  let cents: number | null = 0;
  let forOrder: { code: string; discountCents: number } | undefined;
  if (code && !typedEmail) status = { kind: 'refused', text: 'Enter your email address above: the code belongs to it.' };
  else if (code && (quote.isFetching || typedEmail !== settledEmail)) {
    status = { kind: 'checking' };
    cents = null;
  } else if (code && quote.isError) {
    status = { kind: 'refused', text: serverMessageOf(quote.error) ?? 'The code could not be checked. Please try again.' };
  } else if (code && quote.data) {
    cents = toCents(quote.data.discount);
    forOrder = { code: quote.data.code, discountCents: cents };
    status = { kind: 'applied', text: `${quote.data.code}: ${quote.data.percentOff}% off your items.` };
  }
  return { code, status, cents, forOrder, apply: (next: string) => setCode(next.toUpperCase()), remove: () => setCode(null) };
}
