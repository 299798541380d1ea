import { defineConfig } from 'vite';

/**
 * One minified IIFE, `dist/storecast.js`, that shops load with a <script> tag: the script and the
 * pop-up drawing, nothing else (the contract is imported for types only).
 */
export default defineConfig({
  root: import.meta.dirname,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    minify: 'esbuild',
    sourcemap: false,
    lib: {
      entry: 'src/main.ts',
      formats: ['iife'],
      name: 'storecastScript',
      fileName: () => 'storecast.js',
    },
  },
});
