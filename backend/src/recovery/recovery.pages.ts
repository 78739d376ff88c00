import { escapeHtml } from '../mail';

/** The small pages behind a recovery email's links: plain HTML, no script, readable in any browser. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — The Dark Circle</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0d0b10;color:#eae4f0;font-family:Georgia,serif}
main{max-width:28rem;padding:2rem;text-align:center}
h1{font-weight:normal;letter-spacing:.05em}
button,a.button{display:inline-block;margin-top:1rem;padding:.75rem 1.5rem;border:1px solid #c9a6e8;background:#2a1f33;color:#eae4f0;font:inherit;cursor:pointer;text-decoration:none}
a{color:#c9a6e8}
</style></head>
<body><main>${body}</main></body></html>`;
}

const backToShop = '<p><a class="button" href="/">Back to the shop</a></p>';

export const expiredRestoreLinkPage = () =>
  page(
    'Link expired',
    `<h1>This link has expired</h1><p>We keep a cart's link for a limited time. Your pieces may still be in the shop: have a look and add them again.</p>${backToShop}`,
  );

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

export const invalidUnsubscribeLinkPage = () =>
  page('Link not valid', `<h1>This link is not valid</h1><p>It may have been cut short by your email program. Please use the full link from the email, or write to us and we will stop the reminders.</p>${backToShop}`);
