import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  // The backend serves this app under /admin.
  base: '/admin/',
  plugins: [react()],
  // In development (`npm run dev`) the shop runs this config's dev server inside its own HTTP server.
  build: { outDir: 'dist', emptyOutDir: true },
});
