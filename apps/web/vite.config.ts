import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressAssets } from '../../scripts/precompress-assets.ts';

/**
 * The first load carries only what every screen needs (React, the router, antd's core, the
 * shell); each page is its own chunk. Vendor libraries get stable chunks of their own so an app
 * change does not invalidate them in the browser cache.
 */
export default defineConfig({
  root: import.meta.dirname,
  // Each asset also as .br and .gz: the server sends the variant the browser accepts.
  plugins: [react(), precompressAssets()],
  // The server puts a fresh nonce in place of this on every load of index.html; the admin's
  // Content-Security-Policy allows only scripts and style elements that carry it.
  html: { cspNonce: 'STORECAST_CSP_NONCE' },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/web-size.ts reads it to find the language chunk loaded before the first render.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
          ],
        },
      },
    },
  },
});
