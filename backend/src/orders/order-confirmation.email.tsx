import { Section } from '@react-email/components';
import { EmailButton, EmailLayout, OutgoingMail, Paragraph, renderEmail, TotalRow } from '../mail';
import type { PaidOrderTerms } from './order.events';
import type { OrderEmailContext } from './order-email-context';
import { allLines, dollars, OrderLines, shopOf } from './order-email-parts';

const WHATS_NEXT = {
  pickup: "We'll contact you within 1-2 business days with pickup details.",
  shipping: 'Your order will be processed and shipped within 3-5 business days.',
} as const;

/** The order confirmation, from the order's own terms: its lines with their pictures, its totals, and the way back to the order. */
export async function orderConfirmationEmail(order: PaidOrderTerms, context: OrderEmailContext): Promise<OutgoingMail> {
  const totals: [string, string][] = [
    ['Subtotal', dollars(order.subtotalCents)],
    ['Shipping', order.shippingCents === 0 ? 'Free' : dollars(order.shippingCents)],
    ...(order.discountCents > 0 ? ([[order.discountCode ? `Discount (${order.discountCode})` : 'Discount', `-${dollars(order.discountCents)}`]] as [string, string][]) : []),
    ['Total', dollars(order.totalCents)],
  ];
  const a = order.shippingAddress;
  const address = a ? [a.address, `${a.city}, ${a.state} ${a.zipCode}`, a.country] : [];
  const { html, text } = await renderEmail(
    <EmailLayout heading="Order Confirmed" preview={`Order ${order.orderNumber}: thank you for your order.`} shop={shopOf(context)}>
      <Paragraph>Thank you for your order, {order.customer.name}!</Paragraph>
      <Paragraph>
        Order number: <strong>{order.orderNumber}</strong>
      </Paragraph>
      <OrderLines lines={allLines(order.lines)} context={context} />
      <Section style={{ margin: '0 0 20px' }}>
        {totals.map(([label, amount]) => (
          <TotalRow key={label} label={label} amount={amount} strong={label === 'Total'} />
        ))}
      </Section>
      <Paragraph>Fulfillment: {order.fulfillment === 'pickup' ? 'Local Pickup' : 'Shipping'}</Paragraph>
      {address.length > 0 && (
        <Paragraph>
          Ship to:
          {address.map((l) => (
            <span key={l}>
              <br />
              {l}
            </span>
          ))}
        </Paragraph>
      )}
      {order.note && (
        <Paragraph>
          Your note:
          {order.note.split('\n').map((l, n) => (
            <span key={n}>
              <br />
              {l}
            </span>
          ))}
        </Paragraph>
      )}
      {/* The page's first "What's Next?" line promises this very email, so the email keeps only the second. */}
      <Paragraph>What's Next? {WHATS_NEXT[order.fulfillment]}</Paragraph>
      <EmailButton href={context.statusUrl}>View your order</EmailButton>
    </EmailLayout>,
  );
  return {
    to: order.customer.email,
    subject: `Your Dark Circle order ${order.orderNumber}`,
    html,
    text,
    messageId: `<order-${order.orderId}@darkcircle.shop>`,
  };
}
