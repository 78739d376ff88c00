import type { CartLine } from '../cart';
import { escapeHtml, OutgoingMail } from '../mail';
import { formatCents } from '../platform/money';

export interface RecoveryEmailInput {
  /** Stable per cart and request: the Message-ID, so a re-send after a crash threads as one. */
  messageKey: string;
  step: number;
  to: string;
  name: string;
  lines: readonly CartLine[];
  /** Where the shop is, for the items' images. */
  publicUrl: string;
  /** Opens the cart on the main site, in any browser (signed, expiring). */
  restoreUrl: string;
  /** Asks, then stops the recovery emails to this address. */
  unsubscribeUrl: string;
}

/** Each step says something of its own: a reminder, a nudge, a last word. */
const SUBJECTS = ['You left something in your Dark Circle cart', 'Your Dark Circle cart is still waiting', 'Last call for your Dark Circle cart'];
const OPENINGS = [
  'You left these in your cart at The Dark Circle:',
  'Your cart is still here, just as you left it:',
  'This is our last note about your cart; after this we leave it be:',
];

export const recoverySubject = (step: number) => SUBJECTS[Math.min(Math.max(step, 1), SUBJECTS.length) - 1]!;

/** "You left something behind": the cart's items with images, its total, a restore button and an unsubscribe link. No tracking pixel. */
export function recoveryEmail(input: RecoveryEmailInput): OutgoingMail {
  const money = (cents: number) => `$${formatCents(cents)}`;
  const total = input.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const opening = OPENINGS[Math.min(Math.max(input.step, 1), OPENINGS.length) - 1]!;
  const image = (url: string) => (url.startsWith('/') ? `${input.publicUrl}${url}` : url);
  const text = [
    `Hello ${input.name},`,
    '',
    opening,
    '',
    ...input.lines.map((l) => `${l.name} × ${l.quantity}  ${money(l.unitPriceCents)} each  ${money(l.unitPriceCents * l.quantity)}`),
    `Total: ${money(total)}`,
    '',
    `Return to your cart: ${input.restoreUrl}`,
    '',
    'Pieces are made in small numbers; we cannot hold them for long.',
    'The Dark Circle',
    '',
    `No more reminders about carts: ${input.unsubscribeUrl}`,
  ].join('\n');
  const rows = input.lines
    .map(
      (l) => `<tr>
<td style="padding:6px 12px 6px 0">${l.imageUrl ? `<img src="${escapeHtml(image(l.imageUrl))}" alt="" width="64" height="64" style="display:block;border:0;object-fit:cover">` : ''}</td>
<td style="padding:6px 12px 6px 0">${escapeHtml(l.name)}<br><span style="color:#a89cb5">${l.quantity} × ${money(l.unitPriceCents)}</span></td>
<td style="padding:6px 0;text-align:right">${money(l.unitPriceCents * l.quantity)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html><body style="font-family:Georgia,serif;background:#0d0b10;color:#eae4f0;padding:24px">
<h1 style="font-weight:normal;letter-spacing:.05em">${escapeHtml(recoverySubject(input.step))}</h1>
<p>Hello ${escapeHtml(input.name)},</p>
<p>${escapeHtml(opening)}</p>
<table style="border-collapse:collapse;min-width:320px">
${rows}
<tr><td></td><td style="padding:6px 12px 6px 0"><strong>Total</strong></td><td style="padding:6px 0;text-align:right"><strong>${money(total)}</strong></td></tr>
</table>
<p style="margin:24px 0"><a href="${escapeHtml(input.restoreUrl)}" style="display:inline-block;padding:12px 24px;border:1px solid #c9a7e8;background:#2a1f33;color:#eae4f0;text-decoration:none">Return to your cart</a></p>
<p>Pieces are made in small numbers; we cannot hold them for long.<br>The Dark Circle</p>
<p style="font-size:12px;color:#a89cb5"><a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#a89cb5">No more reminders about carts</a></p>
</body></html>`;
  return {
    to: input.to,
    subject: recoverySubject(input.step),
    html,
    text,
    messageId: `<recovery-${input.messageKey}@darkcircle.shop>`,
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>` },
  };
}
