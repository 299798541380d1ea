import type { Job } from '../../../job.ts';
import { startPollingLoop } from '../../../worker/polling-loop.ts';
import { renderPendingInvoices } from './render-pending-invoices.ts';

/** An invoice is issued when a payment settles; its PDF is asked for minutes later at the soonest. */
const POLL_MS = 2000;

/** Renders the PDF of every invoice that has none yet. */
export const invoicePdfJob: Job = {
  name: 'invoice-pdf',
  async start(deps, log) {
    return startPollingLoop({ pass: () => renderPendingInvoices(deps).then(() => undefined), periodMs: POLL_MS, what: 'rendering invoice PDFs' }, log);
  },
};
export { renderPendingInvoices } from './render-pending-invoices.ts';
