import { type DateRangeKey, dateRangeKeySchema } from '@storecast/contract';

/** The range the report opens on, the dashboard overview's default too. */
export const DEFAULT_REPORT_RANGE: DateRangeKey = 'last_30_days';

/**
 * The report's `?range=` as one of the eight ranges, or the default: the range lives in the
 * address so a reload or a shared link shows the same days, and a hand-edited one must not reach
 * the server as a refusal.
 */
export function readReportRange(value: string | null): DateRangeKey {
  const parsed = dateRangeKeySchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_REPORT_RANGE;
}
