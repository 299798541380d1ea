import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/order-export.ts';

export const orderExport: Messages<typeof zh.orderExport> = {
  title: 'Order export',
  hint: 'Export the orders placed on the chosen days (store time zone) with their marketing attribution, at most 31 days.',
  range: 'Order dates',
  format: 'Format',
  start: 'Start export',
  started: 'The export has started.',
  records: 'Export records',
  days: 'Dates',
  status: { in_progress: 'In progress', completed: 'Completed', failed: 'Failed' },
  rows: '{{count}} orders',
  download: 'Download',
  createdAt: 'Created',
  result: 'Result',
};
