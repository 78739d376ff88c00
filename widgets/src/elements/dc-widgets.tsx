/**
 * The embeddable widgets' one script: `<script type="module" src="https://SHOP/widgets/dc-widgets.js">`.
 * It defines the three elements at once; each element's code loads when such an element first
 * renders, so a page with only a newsletter card never downloads the grid or the cart.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import { setApiBase } from '../api/config';

// The shop is where this script came from: every element's api-base unless it names another.
setApiBase(new URL(import.meta.url).origin);

type Attributes = Record<string, 'string' | 'number'>;
const API_BASE: Attributes = { apiBase: 'string' };

define(
  'dc-product-grid',
  lazy(() => import('./ProductGridElement')),
  { ...API_BASE, category: 'string', limit: 'number' },
);
define(
  'dc-cart',
  lazy(() => import('./CartElement')),
  API_BASE,
);
define(
  'dc-newsletter',
  lazy(() => import('./NewsletterElement')),
  API_BASE,
);

function define(tag: string, Element: ComponentType<object>, props: Attributes): void {
  // The script may be included twice on one page; a second definition would throw.
  if (customElements.get(tag)) return;
  const Loaded = (attributes: object) => (
    <Suspense fallback={null}>
      <Element {...attributes} />
    </Suspense>
  );
  customElements.define(tag, r2wc(Loaded, { shadow: 'open', props }));
}
