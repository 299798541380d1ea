import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // The files of a worker share its modules (React, antd, i18n with both languages) instead of
    // loading them again for each: 88 s of CPU for the project instead of 257 s. Each file still
    // gets a fresh DOM, and src/test/setup.ts unmounts and drains what a file leaves behind and
    // sets the language back, so no file sees another's state (a shuffled order passes too).
    isolate: false,
    // A loaded machine renders a page's first lazy chunk in seconds; the test waits for states, and this ends only a stall.
    testTimeout: 30_000,
  },
});
