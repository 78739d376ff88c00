import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    // The NestJS API; product images are served from public/ by Vite itself.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
