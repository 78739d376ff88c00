import type { CartLine } from '../cart';
import { escapeHtml, OutgoingMail } from '../mail';
import { formatCents } from '../platform/money';

export interface RecoveryEmailInput {
  requestId: string;
  to: string;
  name: string;
  lines: readonly CartLine[];
  /** Opens the shopper's own cart on the main site. */
  cartUrl: string;
}

/** "You left something behind": the cart's items, its total, and a link back to it. */
export function recoveryEmail(input: RecoveryEmailInput): OutgoingMail {
  const money = (cents: number) => `$${formatCents(cents)}`;
  const total = input.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const items = input.lines.map((l) => ({ text: `${l.name} × ${l.quantity}`, price: money(l.unitPriceCents * l.quantity) }));
  const text = [
    `Hello ${input.name},`,
    '',
    'You left these in your cart at The Dark Circle:',
    '',
    ...items.map((i) => `${i.text}  ${i.price}`),
    `Total: ${money(total)}`,
    '',
    `Your cart is waiting: ${input.cartUrl}`,
    '',
    'Pieces are made in small numbers; we cannot hold them for long.',
    'The Dark Circle',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:Georgia,serif;background:#0d0b10;color:#eae4f0;padding:24px">
<h1 style="font-weight:normal;letter-spacing:.05em">You left something behind</h1>
<p>Hello ${escapeHtml(input.name)},</p>
<p>You left these in your cart at The Dark Circle:</p>
<table style="border-collapse:collapse;min-width:280px">
${items.map((i) => `<tr><td style="padding:4px 12px 4px 0">${escapeHtml(i.text)}</td><td style="padding:4px 0;text-align:right">${i.price}</td></tr>`).join('\n')}
<tr><td style="padding:4px 12px 4px 0"><strong>Total</strong></td><td style="padding:4px 0;text-align:right"><strong>${money(total)}</strong></td></tr>
</table>
<p><a href="${escapeHtml(input.cartUrl)}" style="color:#c9a7e8">Return to your cart</a></p>
<p>Pieces are made in small numbers; we cannot hold them for long.<br>The Dark Circle</p>
</body></html>`;
  return { to: input.to, subject: 'Your Dark Circle cart is waiting', html, text, messageId: `<recovery-${input.requestId}@darkcircle.shop>` };
}
