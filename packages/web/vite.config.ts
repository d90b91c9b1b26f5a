import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleBudget } from './build/bundle-budget.ts';

const server = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), bundleBudget(200 * 1024)],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Vite prints each chunk with its gzip size; the budget plugin adds the first-screen total.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/websocket': { target: server, ws: true, changeOrigin: true },
    },
  },
});
