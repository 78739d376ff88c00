import escapeHtml from 'escape-html';

/**
 * The small pages behind the links in the shop's emails (unsubscribe, restore a cart): plain HTML,
 * no script, readable in any browser.
 */
export function linkPage(title: string, body: string): string {
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
