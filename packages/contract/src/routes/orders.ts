import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { calendarDaySchema } from './calendar.ts';
import { defineRoute } from './define-route.ts';
import { exportRecordSchema } from './audience.ts';

/** Days from `from` to `to`, both included; the export's range is at most LIMITS.exportRangeMaxDays of them. */
export function orderExportRangeOk(from: string, to: string): boolean {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return days >= 0 && days < LIMITS.exportRangeMaxDays;
}

/** /order/export: the store's orders of a range of days (store time zone) with their attribution. */
export const orderExportBody = z.object({
  format: z.enum(['csv', 'xlsx']),
  from: calendarDaySchema,
  to: calendarDaySchema,
}).refine((b) => orderExportRangeOk(b.from, b.to), { error: 'errors.export.range', path: ['to'] });

export const orderExportRecordSchema = exportRecordSchema.extend({ from: z.string(), to: z.string() });
export type OrderExportRecord = z.infer<typeof orderExportRecordSchema>;

const idQuery = z.object({ id: z.string().min(1).max(50) });

/** Order exports run through the same export jobs and records as the e-mail list's, as kind `orders`. */
export const orderRoutes = {
  exportStart: defineRoute({
    method: 'POST', path: '/order/export/start', access: 'shop', tag: 'orders',
    summary: 'Export the orders placed in a range of days (store time zone, at most 31) with their attribution',
    body: orderExportBody, data: z.object({ export_id: z.string() }),
  }),
  exportList: defineRoute({
    method: 'GET', path: '/order/export/list', access: 'shop', tag: 'orders',
    summary: 'Order export records, newest first', data: z.array(orderExportRecordSchema),
  }),
  exportDetail: defineRoute({
    method: 'GET', path: '/order/export/detail', access: 'shop', tag: 'orders',
    summary: 'One order export record, for progress', query: idQuery, data: orderExportRecordSchema,
  }),
} as const;

/** The finished file: `GET /api/order/export/download?id=` (outside the contract: a file, not JSON). */
export const ORDER_DOWNLOAD_PATH = '/order/export/download';
