import escapeHtml from 'escape-html';
import { linkPage as page } from '../mail';

export const confirmUnsubscribePage = (email: string, token: string) =>
  page(
    'Unsubscribe',
    `<h1>Unsubscribe</h1>
<p>Stop sending the Dark Circle newsletter to <strong>${escapeHtml(email)}</strong>?</p>
<form method="post" action="/newsletter/unsubscribe">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Unsubscribe</button>
</form>
<p><a href="/">Keep me on the list and take me to the shop</a></p>`,
  );

export const alreadyUnsubscribedPage = (email: string) =>
  page('Unsubscribed', `<h1>You are not subscribed</h1><p>${escapeHtml(email)} receives no newsletter email from us.</p><p><a href="/">Back to the shop</a></p>`);

export const unsubscribedPage = (email: string) =>
  page(
    'Unsubscribed',
    `<h1>You have been unsubscribed</h1><p>We will send no more newsletter email to ${escapeHtml(email)}. Order emails still reach you when you buy.</p><p><a class="button" href="/">Back to the shop</a></p>`,
  );

export const invalidLinkPage = () =>
  page(
    'Link not valid',
    `<h1>This link is not valid</h1><p>It may have been cut short by your email program. Please use the full link from the email, or write to us and we will take you off the list.</p><p><a href="/">Back to the shop</a></p>`,
  );
