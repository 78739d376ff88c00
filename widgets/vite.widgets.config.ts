import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The embeddable widgets (`/widgets/dc-widgets.js`): the storefront's own components, built a
 * second time against preact/compat (React and react-dom alone would take the whole size budget)
 * and without the router (links go to the shop's pages). `npm run size` checks the result.
 */
/**
 * rem is the host page's root font size, which no shadow root can shut out: the widgets' CSS has
 * its rem turned into px (at the browsers' default 16px) so a host's `html { font-size }` changes
 * nothing inside.
 */
const remToPx = {
  postcssPlugin: 'dark-circle:rem-to-px',
  Declaration(decl: { value: string }) {
    decl.value = decl.value.replace(/(\d*\.?\d+)rem\b/g, (_, n: string) => `${Number(n) * 16}px`);
  },
};

export default defineConfig({
  plugins: [react(), precompress()],
  // Chunks and fonts are found relative to the script, i.e. on the shop, whatever page embeds it.
  base: './',
  css: { postcss: { plugins: [remToPx] } },
  // The storefront's public/ (images, icons) is served from the shop's root already.
  publicDir: false,
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react-router$/, replacement: here('./src/elements/shop-links.tsx') },
    ],
  },
  build: {
    outDir: 'dist/widgets',
    emptyOutDir: true,
    // Vite's preload helper would add <link rel="modulepreload"> tags to the host's <head>.
    modulePreload: false,
    rollupOptions: {
      input: here('./src/elements/dc-widgets.tsx'),
      // Only the entry keeps a stable name (revalidated); everything it loads is content-hashed.
      output: {
        entryFileNames: 'dc-widgets.js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'chunks/[name]-[hash][extname]',
        // Code the chunks share goes into hashed chunks too, never into dc-widgets.js: a chunk cached
        // for a year must not import names from a file that a deploy changes under the same URL.
        manualChunks: (id) => (/\/node_modules\/(preact|@r2wc)\/|\/src\/api\/config\.ts$/.test(id) ? 'runtime' : undefined),
      },
      preserveEntrySignatures: false,
    },
  },
});
