import { useState } from 'react';
import { Link } from 'react-router';
import type { Cart, CartItem } from '../cart/cart-api';
import { subtotalCents } from '../cart/cart-totals';
import { CartItemList } from '../cart/CartItemList';
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
import { chosenShippingRate, DEFAULT_SHIPPING_OPTION, useShippingRates } from '../cart/useShippingRates';
import { toCents } from '../lib/money';

export function CartPage() {
  const { data, items, itemCount, loading } = useCart();

  let content;
  if (loading) {
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

/** The checkout form: details on the left, items and totals on the right (one column on phones). */
function Checkout({ cart, items, itemCount }: { cart: Cart; items: CartItem[]; itemCount: number }) {
  const saved = { name: cart.customerName ?? '', email: cart.customerEmail ?? '' };
  const [contact, setContact] = useState<ContactFields>(saved);
  const [fulfillment, setFulfillment] = useState<FulfillmentMethod>('pickup');
  const [address, setAddress] = useState<ShippingAddress>(EMPTY_SHIPPING_ADDRESS);
  const [shippingOption, setShippingOption] = useState(DEFAULT_SHIPPING_OPTION);

  const subtotal = subtotalCents(items);
  const shipping = fulfillment === 'shipping';
  const rates = useShippingRates({ enabled: shipping, subtotalCents: subtotal, zipCode: address.zipCode });
  const rate = chosenShippingRate(rates.data, shippingOption)?.[1];
  const shippingCents = !shipping ? 0 : rate ? toCents(rate.cost) : null;
  const totalCents = shippingCents === null ? null : subtotal + shippingCents;
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
            onComplete={() => void complete({ cart, items, contact, fulfillment, address, shippingOption, totalCents })}
          />
        </div>
        <div className="checkout__order">
          <CartItemList items={items} itemCount={itemCount} />
          <OrderSummary
            subtotalCents={subtotal}
            shippingCents={shippingCents}
            shippingPending={rates.isFetching ? 'Calculating...' : 'Not available'}
          />
        </div>
      </div>
    </>
  );
}
