// Build-time only (never shipped to the browser): renders a storefront page to HTML, with nothing
// fetched yet, exactly as the browser's first render of that page draws it (product grid and
// product page as skeletons, the cart as loading). See prerender.ts beside vite.config.ts.
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
// The category vocabulary, a plain data file of the backend's, bundled into this build-time entry only.
import { CATEGORIES } from '../../backend/src/catalog/categories';
import { categoriesKey } from './api/categories';
import { createQueryClient } from './api/query-client';
import { Storefront } from './Storefront';

/** Each category's page (`/shop/<slug>`), drawn with its label as its title. */
export const entryPages = CATEGORIES.map((c) => ({ name: `shop-${c.slug}`, url: `/shop/${c.slug}`, page: 'src/pages/CategoryPage.tsx' }));

export async function render(url: string): Promise<string> {
  const client = createQueryClient();
  // A category's page is drawn with the categories, as the browser adopts it: it fetches them first (`main.tsx`).
  if (url.startsWith('/shop/')) client.setQueryData(categoriesKey, CATEGORIES);
  const { prelude } = await prerender(<Storefront client={client} router={(app) => <StaticRouter location={url}>{app}</StaticRouter>} />);
  const html = await new Response(prelude).text();
  client.clear();
  return html;
}
