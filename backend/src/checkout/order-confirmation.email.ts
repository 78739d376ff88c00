import { escapeHtml, OutgoingMail } from '../mail';
import { formatCents } from '../platform/money';
import type { OrderTerms } from './order.events';

const WHATS_NEXT = {
  pickup: "We'll contact you within 1-2 business days with pickup details.",
  shipping: 'Your order will be processed and shipped within 3-5 business days.',
} as const;

/** The order confirmation, as HTML and plain text, from the order's own terms. */
export function orderConfirmationEmail(order: OrderTerms): OutgoingMail {
  const money = (cents: number) => `$${formatCents(cents)}`;
  const items = order.lines.map((l) => ({ text: `${l.name} × ${l.quantity}`, price: money(l.unitPriceCents * l.quantity) }));
  const totals: [string, string][] = [
    ['Subtotal', money(order.subtotalCents)],
    ['Shipping', order.shippingCents === 0 ? 'Free' : money(order.shippingCents)],
    ...(order.discountCents > 0 ? ([[order.discountCode ? `Discount (${order.discountCode})` : 'Discount', `-${money(order.discountCents)}`]] as [string, string][]) : []),
    ['Total', money(order.totalCents)],
  ];
  const fulfillment = order.fulfillment === 'pickup' ? 'Local Pickup' : 'Shipping';
  const a = order.shippingAddress;
  const address = a ? [a.address, `${a.city}, ${a.state} ${a.zipCode}`, a.country] : [];
  // The page's first 'What's Next?' line promises this very email, so the email keeps only the second.
  const whatsNext = [WHATS_NEXT[order.fulfillment]];

  const text = [
    `Thank you for your order, ${order.customer.name}!`,
    '',
    `Order number: ${order.orderNumber}`,
    '',
    ...items.map((i) => `${i.text}  ${i.price}`),
    '',
    ...totals.map(([k, v]) => `${k}: ${v}`),
    '',
    `Fulfillment: ${fulfillment}`,
    ...(address.length ? ['Ship to:', ...address] : []),
    '',
    "What's Next?",
    ...whatsNext.map((w) => `- ${w}`),
    '',
    'Questions? Reply to this email.',
    'The Dark Circle',
  ].join('\n');

  const row = (k: string, v: string, strong = false) =>
    `<tr><td style="padding:4px 12px 4px 0">${strong ? `<strong>${k}</strong>` : k}</td><td style="padding:4px 0;text-align:right">${strong ? `<strong>${v}</strong>` : v}</td></tr>`;
  const html = `<!doctype html>
<html><body style="font-family:Georgia,serif;background:#0d0b10;color:#eae4f0;padding:24px">
<h1 style="font-weight:normal;letter-spacing:.05em">Order Confirmed</h1>
<p>Thank you for your order, ${escapeHtml(order.customer.name)}!</p>
<p>Order number: <strong>${escapeHtml(order.orderNumber)}</strong></p>
<table style="border-collapse:collapse;min-width:280px">
${items.map((i) => row(escapeHtml(i.text), i.price)).join('\n')}
${totals.map(([k, v]) => row(k, v, k === 'Total')).join('\n')}
</table>
<p>Fulfillment: ${fulfillment}</p>
${address.length ? `<p>Ship to:<br>${address.map(escapeHtml).join('<br>')}</p>` : ''}
<h2 style="font-weight:normal">What's Next?</h2>
<ul>${whatsNext.map((w) => `<li>${escapeHtml(w)}</li>`).join('')}</ul>
<p>Questions? Reply to this email.<br>The Dark Circle</p>
</body></html>`;

  return {
    to: order.customer.email,
    subject: `Your Dark Circle order ${order.orderNumber}`,
    html,
    text,
    messageId: `<order-${order.orderId}@darkcircle.shop>`,
  };
}
