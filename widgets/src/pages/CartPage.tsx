import { useEffect, useState } from 'react';
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
import { readCheckoutDraft, saveCheckoutDraft } from '../cart/checkout-draft';
import { fieldProblems, type CheckoutFieldId } from '../cart/checkout-fields';
import { OrderSummaryToggle } from '../cart/OrderSummaryToggle';
import { OrderNoteSection } from '../cart/OrderNoteSection';
import { useDiscount } from '../checkout/useDiscount';
import { formatCents, toCents } from '../lib/money';
import { useMediaQuery } from '../lib/useMediaQuery';

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

/**
 * The checkout form. On a phone: the order summary first (a bar that opens onto the items and the
 * totals, the discount field always in view), then the details, and Complete Order last. From
 * 900 px: details on the left, items and totals on the right, and the order column comes after the
 * details in the page too, so Tab goes contact → fulfillment → payment → Complete Order, then the
 * cart's lines (the order CSS shows is the order the keyboard takes).
 */
function Checkout({ cart, items, itemCount }: { cart: Cart; items: CartItem[]; itemCount: number }) {
  // The contact comes from this browser, never from the server (which shows whoever holds the cart's
  // session id only a masked email); `saved` is what this cart was last sent, if it was.
  const [remembered] = useState(readSavedContact);
  const saved = remembered?.cartId === cart.id ? remembered : { name: '', email: '' };
  // What this tab typed before a reload or a detour; what this browser remembers otherwise.
  const [draft] = useState(readCheckoutDraft);
  const [contact, setContact] = useState<ContactFields>(() =>
    draft?.contact.name || draft?.contact.email ? draft.contact : { name: remembered?.name ?? '', email: remembered?.email ?? '' },
  );
  const [fulfillment, setFulfillment] = useState<FulfillmentMethod>(draft?.fulfillment ?? 'pickup');
  const [address, setAddress] = useState<ShippingAddress>(draft?.address ?? EMPTY_SHIPPING_ADDRESS);
  const [shippingOption, setShippingOption] = useState<ShippingOption>(draft?.shippingOption ?? DEFAULT_SHIPPING_OPTION);
  const [summaryOpen, setSummaryOpen] = useState(false);
  const [note, setNote] = useState('');
  const wide = useMediaQuery('(min-width: 900px)');
  const [left, setLeft] = useState<ReadonlySet<CheckoutFieldId>>(new Set());
  const [attempted, setAttempted] = useState(false);

  const subtotal = subtotalCents(items);
  const shipping = fulfillment === 'shipping';
  const rates = useShippingRates({ enabled: shipping, subtotalCents: subtotal, zipCode: address.zipCode });
  // Only a rate for the ZIP as typed counts; until then the total waits and nothing can be paid.
  const quote = shippingQuote(rates, address.zipCode);
  const rate = quote.status === 'priced' ? chosenShippingRate(quote.rates, shippingOption)?.[1] : undefined;
  const discount = useDiscount(cart.id, contact.email, subtotal, draft?.discountCode ?? null);
  // A free-shipping code: nothing for shipping once the address is priced.
  const shippingCents = !shipping ? 0 : rate ? (discount.freeShipping ? 0 : toCents(rate.cost)) : null;
  const totalCents = shippingCents === null || discount.cents === null ? null : subtotal + shippingCents - discount.cents;
  const cardForm = useCardForm(items.length > 0);
  const { complete, processing, failure } = useCompleteOrder(cardForm.card, cardForm.ready);

  useEffect(() => {
    saveCheckoutDraft({ contact, fulfillment, address, shippingOption, discountCode: discount.code });
  }, [contact, fulfillment, address, shippingOption, discount.code]);

  // A malformed field shows its problem once the shopper has left it; a missing one once they tried to pay.
  const errors: Partial<Record<CheckoutFieldId, string>> = {};
  for (const [id, problem] of Object.entries(fieldProblems(contact, fulfillment, address)) as [CheckoutFieldId, { text: string; missing: boolean }][]) {
    if (attempted || (!problem.missing && left.has(id))) errors[id] = problem.text;
  }
  const leave = (id: CheckoutFieldId) => setLeft((fields) => (fields.has(id) ? fields : new Set(fields).add(id)));

  const summary = (
    <OrderSummaryToggle open={summaryOpen} onToggle={() => setSummaryOpen((open) => !open)} total={totalCents === null ? 'To be calculated' : formatCents(totalCents)}>
      <CartItemList items={items} itemCount={itemCount} />
      <OrderSummary
        subtotalCents={subtotal}
        shippingCents={shippingCents}
        shippingPending={SHIPPING_PENDING[quote.status === 'priced' ? 'refused' : quote.status]}
        discountCents={discount.cents}
        discountLabel={discount.forOrder ? `Discount (${discount.forOrder.code})` : undefined}
        discountField={
          <DiscountCodeField
            applied={discount.code}
            status={discount.status}
            onApply={discount.apply}
            onRemove={discount.remove}
            onSubscribe={discount.subscribe}
            subscribing={discount.subscribing}
          />
        }
      />
    </OrderSummaryToggle>
  );

  return (
    <>
      <h1 className="page__title checkout__title">Checkout</h1>
      <div className="checkout">
        {!wide && summary}
        <div className="checkout__details">
          <ContactSection cartId={cart.id} saved={saved} value={contact} onChange={setContact} errors={errors} onLeave={leave} />
          <FulfillmentSection value={fulfillment} onChange={setFulfillment} />
          {shipping && (
            <>
              <ShippingAddressSection value={address} onChange={setAddress} errors={errors} onLeave={leave} />
              <ShippingOptionsSection rates={rates} value={shippingOption} onChange={setShippingOption} />
            </>
          )}
          <OrderNoteSection value={note} onChange={setNote} />
          <PaymentSection
            containerRef={cardForm.containerRef}
            formState={cardForm.state}
            onReload={cardForm.reload}
            processing={processing}
            totalCents={totalCents}
            failure={failure}
            onComplete={() => {
              setAttempted(true);
              void complete({ cart, items, contact, fulfillment, address, shippingOption, shippingRate: rate, totalCents, discount: discount.forOrder, note });
            }}
          />
        </div>
        {wide && summary}
      </div>
    </>
  );
}
