import { afterEach } from 'vitest';
import { takePageErrors } from './page-errors.ts';

// Runs before every journey file (the e2e project's setupFiles): the test during which a page
// threw fails, naming the page and the error, whatever the test itself asserted.
afterEach(() => {
  const errors = takePageErrors();
  if (errors.length) throw new Error(`The page threw ${errors.length} uncaught error(s):\n${errors.join('\n')}`);
});
