import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';

export default defineConfig({
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    // The NestJS API; product images are served from public/ by Vite itself.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
