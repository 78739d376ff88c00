import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '@fontsource/eb-garamond/400.css';
import '@fontsource/eb-garamond/400-italic.css';
import '@fontsource/eb-garamond/600.css';
import '@fontsource/unifrakturmaguntia/400.css';
import './styles/theme.css';
import './styles/layout.css';
import './styles/shop.css';
import './styles/pages.css';
import './styles/cart.css';
import './styles/toast.css';
import './styles/checkout.css';
import './styles/home.css';
import './styles/local-events.css';
import './styles/search.css';
import { categoriesQuery } from './api/categories';
import { queryClient } from './api/query-client';
import { Storefront } from './Storefront';
import { takeHandOver } from './cart/hand-over';

// Before the first render: a cart that came by link (another site's Checkout, a recovery email) is
// taken or merged into this browser's cart, and the page waits for that before showing a cart.
takeHandOver();

const container = document.getElementById('root')!;
const storefront = <Storefront client={queryClient} router={(app: ReactNode) => <BrowserRouter>{app}</BrowserRouter>} />;

// The work is a transition either way, so React yields to the browser every few milliseconds
// instead of holding the main thread for the whole first render.
if (container.hasChildNodes()) {
  // Pages the build prerendered arrive drawn: React adopts that HTML (hydrates) instead of drawing
  // it again, once the browser has painted it (a frame, then a task), so the shopper sees the page
  // while React works rather than after.
  // A category's page was drawn with the categories (its title is its label): they are fetched first
  // (the server sent a preload for them with the page), so the adoption matches. A failure hydrates
  // anyway, and React draws the page again.
  const ready = /^\/shop\/[^/]+$/.test(location.pathname) ? queryClient.fetchQuery(categoriesQuery).catch(() => undefined) : Promise.resolve();
  void ready.then(() => requestAnimationFrame(() => setTimeout(() => startTransition(() => void hydrateRoot(container, storefront)))));
} else {
  startTransition(() => createRoot(container).render(storefront));
}
