import type { Job } from '../../job.ts';

/** Matches an Element Send's products to their shoppers, one slot at a time. */
export const elementMatchJob: Job = {
  name: 'element-match',
  async start() {
    return async () => {};
  },
};
