import escapeHtml from 'escape-html';
import { linkPage as page } from '../mail';

const back = '<p><a href="/">Back to the shop</a></p>';

/** The confirmation link's page asks (mail scanners follow links); its button posts the same token. */
export const confirmJoinPage = (name: string, token: string) =>
  page(
    'Confirm',
    `<h1>Email you when ${escapeHtml(name)} is back?</h1>
<p>We will email you once, as soon as it is back in stock.</p>
<form method="post" action="/back-in-stock/confirm">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Yes, put me on the list</button>
</form>
${back}`,
  );

/** After the confirmation page's button: on the list, and when the variant can be bought already, a way to it. */
export const onTheListPage = (name: string, productPath: string, inStockNow: boolean) =>
  page(
    "You're on the list",
    `<h1>You're on the list for ${escapeHtml(name)}</h1>
${
  inStockNow
    ? `<p>Good news: it is in stock right now, and we are emailing you the link too.</p><p><a class="button" href="${escapeHtml(productPath)}">See it in the shop</a></p>`
    : `<p>We will email you once, as soon as it is back in stock.</p>${back}`
}`,
  );

export const alreadyEmailedPage = (name: string, productPath: string) =>
  page(
    'Already sent',
    `<h1>We already told you</h1><p>${escapeHtml(name)} came back, and we emailed you about it. If it has sold out again, ask once more on its page.</p><p><a class="button" href="${escapeHtml(productPath)}">See it in the shop</a></p>`,
  );

export const withdrawnPage = (name: string, productPath: string) =>
  page(
    'Not on the list',
    `<h1>You are not on the list</h1><p>This request for ${escapeHtml(name)} was withdrawn. To be told when it is back, ask again on its page.</p><p><a href="${escapeHtml(productPath)}">See it in the shop</a></p>`,
  );

/** The leave link's page asks (mail scanners follow links); its button posts the same token. */
export const confirmLeavePage = (name: string, token: string) =>
  page(
    'Leave the list',
    `<h1>Leave the list?</h1>
<p>Stop waiting for an email when ${escapeHtml(name)} is back in stock?</p>
<form method="post" action="/back-in-stock/leave">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Take me off the list</button>
</form>
${back}`,
  );

export const notOnListPage = (name: string) =>
  page('Not on the list', `<h1>You are not on the list</h1><p>No back-in-stock email for ${escapeHtml(name)} is waiting to go to you.</p>${back}`);

export const leftPage = (name: string) => page('Off the list', `<h1>You are off the list</h1><p>We will not email you when ${escapeHtml(name)} is back in stock.</p>${back}`);

export const invalidLinkPage = () =>
  page(
    'Link not valid',
    `<h1>This link is not valid</h1><p>It may have been cut short by your email program. Please use the full link from the email, or ask again on the product's page.</p>${back}`,
  );
