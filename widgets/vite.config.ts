import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';
import { preloadFonts } from './preload-fonts';

export default defineConfig({
  plugins: [
    react(),
    // The hero's blackletter and the body text's regular weight, Latin subset: what the first paint draws.
    preloadFonts([/\/unifrakturmaguntia-latin-400-normal-[\w-]+\.woff2$/, /\/eb-garamond-latin-400-normal-[\w-]+\.woff2$/]),
    precompress(),
  ],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    // The NestJS API; product images are served from public/ by Vite itself.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
