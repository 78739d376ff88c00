import { escapeHtml, OutgoingMail } from '../mail';
import { formatCents } from '../platform/money';
import type { OrderTerms, RefundTerms } from './order.events';

/** The shopper's refund notice, as HTML and plain text (the email toolkit of issue 23 item 5 restyles it later). */
export function refundEmail(order: OrderTerms, refund: RefundTerms): OutgoingMail {
  const amount = `$${formatCents(refund.amountCents)}`;
  const items = refund.lines.map((l) => `${order.lines[l.itemId]?.name ?? 'Item'} × ${l.quantity}`);
  const text = [
    `Hello ${order.customer.name},`,
    '',
    `We have refunded ${amount} for your order ${order.orderNumber} to the card you paid with.`,
    ...(items.length ? ['', 'Refunded items:', ...items.map((i) => `- ${i}`)] : []),
    '',
    'Depending on your bank, it can take 5 to 10 business days to show on your statement.',
    '',
    'Questions? Reply to this email.',
    'The Dark Circle',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:Georgia,serif;background:#0d0b10;color:#eae4f0;padding:24px">
<h1 style="font-weight:normal;letter-spacing:.05em">Refund Issued</h1>
<p>Hello ${escapeHtml(order.customer.name)},</p>
<p>We have refunded <strong>${amount}</strong> for your order <strong>${escapeHtml(order.orderNumber)}</strong> to the card you paid with.</p>
${items.length ? `<p>Refunded items:</p><ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>` : ''}
<p>Depending on your bank, it can take 5 to 10 business days to show on your statement.</p>
<p>Questions? Reply to this email.<br>The Dark Circle</p>
</body></html>`;
  return {
    to: order.customer.email,
    subject: `Your refund for Dark Circle order ${order.orderNumber}`,
    html,
    text,
    messageId: `<refund-${refund.refundId}@darkcircle.shop>`,
  };
}
