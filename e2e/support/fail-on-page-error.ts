import { afterEach } from 'vitest';
import { describeOpenPages, takePageErrors } from './page-errors.ts';

// Runs before every journey file (the e2e project's setupFiles): the test during which a page
// threw fails, naming the page and the error, whatever the test itself asserted.
// A test that failed otherwise prints what its pages showed, for a failure seen only in CI's log.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') console.error(`Pages when "${task.name}" failed:\n${await describeOpenPages()}`);
  const errors = takePageErrors();
  if (errors.length) throw new Error(`The page threw ${errors.length} uncaught error(s):\n${errors.join('\n')}`);
});
