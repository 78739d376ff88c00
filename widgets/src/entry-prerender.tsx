// Build-time only (never shipped to the browser): renders a storefront page to HTML, with nothing
// fetched yet, exactly as the browser's first render of that page draws it (product grid and
// product page as skeletons, the cart as loading). See prerender.ts beside vite.config.ts.
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { createQueryClient } from './api/query-client';
import { Storefront } from './Storefront';

export async function render(url: string): Promise<string> {
  const client = createQueryClient();
  const { prelude } = await prerender(<Storefront client={client} router={(app) => <StaticRouter location={url}>{app}</StaticRouter>} />);
  const html = await new Response(prelude).text();
  client.clear();
  return html;
}
