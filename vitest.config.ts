import { defineConfig } from 'vitest/config';

/**
 * Every test of the project in one run. The server's API suite runs twice, once on PGlite and
 * once on PostgreSQL; browser journeys run last, against a built admin app. `*.postgres.test.ts`
 * files need a second process on the same database (PGlite lives inside one process), so they
 * run on PostgreSQL only.
 */
/**
 * How long a test may run before it counts as stalled. A test waits for states, never for time;
 * this only ends one that will not finish, and a loaded two-core machine runs a test several
 * times slower than a quiet one (vitest's default of 5 s failed passing tests there).
 */
const LOADED = 30_000;

const server = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${db}`,
    include: ['apps/server/src/**/*.test.ts'],
    exclude: db === 'pglite' ? ['apps/server/src/**/*.postgres.test.ts'] : [],
    env: { TEST_DB: db },
    // The files of a worker share its modules: each file opens its own database and app, and
    // the only module-level caches are keyed by random ids, so nothing one file leaves behind
    // reaches another. Importing Fastify, pg-boss, MJML, PDFKit and PGlite again for every file
    // cost about 4 s a file, 760 s a run.
    isolate: false,
    testTimeout: LOADED,
    hookTimeout: 60_000,
    // A poll waits for a state; a loaded machine may take seconds to reach it, not the default one.
    expect: { poll: { timeout: 30_000 } },
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/*/src/**/*.test.ts'], exclude: ['packages/popup-view/**'], testTimeout: LOADED } },
      // The pop-up drawing and the storefront script run in a browser: a DOM like the admin's tests.
      { test: { name: 'popup-view', environment: 'happy-dom', include: ['packages/popup-view/src/**/*.test.ts'], testTimeout: LOADED } },
      { test: { name: 'storefront', environment: 'happy-dom', include: ['apps/storefront/src/**/*.test.ts'], testTimeout: LOADED } },
      // The repository's own tooling: the import graph's rules (ARCHITECTURE.md, "Boundaries the
      // tests keep") and the choice of tests a change touches; reads files only.
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], testTimeout: LOADED } },
      server('pglite'),
      server('postgres'),
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // An uncaught error on a journey's page fails the test that saw it.
          setupFiles: ['e2e/support/fail-on-page-error.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A journey spends most of its time waiting on the browser and the app (a run of them
          // used 0.4 of a core), so two files run at once, each worker keeping the server's
          // modules (and PGlite's compiled WebAssembly) loaded between its files; each file still
          // starts its own app and browser.
          maxWorkers: 2,
          isolate: false,
          // A page on a busy machine may take seconds to load a chunk and its data: polls wait
          // for the state as long as a locator would, not vitest's default second.
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
