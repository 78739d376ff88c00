import escapeHtml from 'escape-html';
import { linkPage as page } from '../mail';

const backToShop = '<p><a class="button" href="/">Back to the shop</a></p>';

export const expiredRestoreLinkPage = () =>
  page('Link expired', `<h1>This link has expired</h1><p>We keep a cart's link for a limited time. Your pieces may still be in the shop: have a look and add them again.</p>${backToShop}`);

export const invalidRestoreLinkPage = () =>
  page('Link not valid', `<h1>This link is not valid</h1><p>It may have been cut short by your email program. Please use the full link from the email.</p>${backToShop}`);

export const missingCartPage = () => page('Cart not found', `<h1>We could not find that cart</h1><p>It may have been removed.</p>${backToShop}`);

export const confirmRecoveryUnsubscribePage = (email: string, token: string) =>
  page(
    'No more reminders',
    `<h1>No more cart reminders</h1>
<p>Stop sending reminders about carts left at The Dark Circle to <strong>${escapeHtml(email)}</strong>?</p>
<form method="post" action="/recovery/unsubscribe">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Stop the reminders</button>
</form>
<p><a href="/">Keep them and take me to the shop</a></p>`,
  );

export const recoveryUnsubscribedPage = (email: string) =>
  page(
    'No more reminders',
    `<h1>No more cart reminders</h1><p>We will send no more reminders about carts to ${escapeHtml(email)}. Order emails still reach you when you buy.</p>${backToShop}`,
  );

export const outdatedUnsubscribeLinkPage = () =>
  page(
    'Link out of date',
    `<h1>This link is out of date</h1><p>It comes from an older email and cannot tell us which address to stop writing to. Please use the link in our latest email, or write to us and we will stop the reminders.</p>${backToShop}`,
  );

export const invalidUnsubscribeLinkPage = () =>
  page(
    'Link not valid',
    `<h1>This link is not valid</h1><p>It may have been cut short by your email program. Please use the full link from the email, or write to us and we will stop the reminders.</p>${backToShop}`,
  );
