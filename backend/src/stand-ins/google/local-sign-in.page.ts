import escapeHtml from 'escape-html';

/**
 * The local provider's account picker (development only): type an email or pick one. It submits
 * to `/api/auth/google?login_hint=…`, which is where tests start too.
 */
export function localSignInPage(admins: readonly string[], returnTo: string): string {
  const choices = [...admins, 'shopper@darkcircle.test']
    .map(
      (email) =>
        `<li><a href="/api/auth/google?login_hint=${encodeURIComponent(email)}&amp;returnTo=${encodeURIComponent(returnTo)}">${escapeHtml(email)}</a>${admins.includes(email) ? ' <small>(admin)</small>' : ''}</li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>Sign in (local) · Dark Circle</title>
<style>body{font-family:Georgia,serif;background:#0d0b10;color:#eae4f0;display:grid;place-items:center;min-height:100vh;margin:0}
main{max-width:360px;padding:24px;border:1px solid #3a2f45;background:#15121a}h1{font-weight:normal;letter-spacing:.05em;margin-top:0}
label,input,button{display:block;width:100%;box-sizing:border-box;font:inherit}input{margin:6px 0 12px;padding:8px;background:#0d0b10;color:inherit;border:1px solid #3a2f45}
button{padding:10px;background:#7a1f3d;color:#fff;border:0;cursor:pointer}a{color:#c9a7e8}p,li{line-height:1.6}</style></head>
<body><main>
<h1>Sign in</h1>
<p>This is the shop's local stand-in for Google sign-in: no Google credentials are configured.</p>
<form method="get" action="/api/auth/google">
<label for="email">Email</label>
<input id="email" name="login_hint" type="email" required autocomplete="email">
<input type="hidden" name="returnTo" value="${escapeHtml(returnTo)}">
<button type="submit">Continue</button>
</form>
<p>Or pick an account:</p><ul>${choices}</ul>
</main></body></html>`;
}
