import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';
import { preloadFonts } from './preload-fonts.ts';
import { prerenderPages } from './prerender.ts';

export default defineConfig({
  plugins: [
    react(),
    // The hero's blackletter and the body text's regular weight, Latin subset: what the first paint draws.
    preloadFonts([/\/unifrakturmaguntia-latin-400-normal-[\w-]+\.woff2$/, /\/eb-garamond-latin-400-normal-[\w-]+\.woff2$/]),
    prerenderPages([
      { name: 'home', url: '/' },
      { name: 'product', url: '/product/1', page: 'src/pages/ProductPage.tsx' },
      { name: 'cart', url: '/cart', page: 'src/pages/CartPage.tsx' },
      { name: 'fonts', url: '/fonts', page: 'src/pages/FontsPage.tsx' },
      { name: 'privacy', url: '/privacy', page: 'src/pages/PrivacyPage.tsx' },
      { name: 'terms', url: '/terms', page: 'src/pages/TermsPage.tsx' },
      { name: 'shipping', url: '/shipping', page: 'src/pages/ShippingPage.tsx' },
      { name: 'search', url: '/search', page: 'src/pages/SearchPage.tsx' },
      // And each category's page (`shop-<slug>`), which the entry lists: see entry-prerender.tsx.
    ]),
    precompress(),
  ],
  // In development (`npm run dev`) the shop runs this config's dev server inside its own HTTP server,
  // on one origin with the API, so there is no proxy to configure.
  build: { outDir: 'dist', emptyOutDir: true },
});
