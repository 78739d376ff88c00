import { escapeHtml } from '../mail';

/** The small pages behind an email's unsubscribe link: plain HTML, no script, readable in any browser. */
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
  page('Link not valid', `<h1>This link is not valid</h1><p>It may have been cut short by your email program. Please use the full link from the email, or write to us and we will take you off the list.</p><p><a href="/">Back to the shop</a></p>`);
