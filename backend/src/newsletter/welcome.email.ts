import { escapeHtml, OutgoingMail } from '../mail';
import { NEWSLETTER_DISCOUNT_CODE } from './newsletter-discount';

/** The welcome email: the first-order code and a one-click way out. */
export function welcomeEmail(to: { email: string; name: string | null; subscriberId: string }, unsubscribeUrl: string): OutgoingMail {
  const greeting = to.name ? `Welcome to the Dark Circle, ${to.name}!` : 'Welcome to the Dark Circle!';
  const text = [
    greeting,
    '',
    "You're on the list for new pieces, market dates and open-studio nights.",
    '',
    `As a thank-you, here is 10% off your first order: use the code ${NEWSLETTER_DISCOUNT_CODE} at checkout with this email address.`,
    '',
    'The Dark Circle',
    '',
    `No longer want these emails? Unsubscribe: ${unsubscribeUrl}`,
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:Georgia,serif;background:#0d0b10;color:#eae4f0;padding:24px">
<h1 style="font-weight:normal;letter-spacing:.05em">${escapeHtml(greeting)}</h1>
<p>You're on the list for new pieces, market dates and open-studio nights.</p>
<p>As a thank-you, here is 10% off your first order. Use this code at checkout with this email address:</p>
<p style="font-size:1.5em;letter-spacing:.15em"><strong>${NEWSLETTER_DISCOUNT_CODE}</strong></p>
<p>The Dark Circle</p>
<p style="font-size:.85em;color:#a89cb4">No longer want these emails? <a href="${escapeHtml(unsubscribeUrl)}" style="color:#c9a6e8">Unsubscribe</a>.</p>
</body></html>`;
  return {
    to: to.email,
    subject: 'Welcome to the Dark Circle: 10% off your first order',
    html,
    text,
    messageId: `<welcome-${to.subscriberId}@darkcircle.shop>`,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` },
  };
}
