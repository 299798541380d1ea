import { orderExportRangeOk } from '@storecast/contract';
import type { Dayjs } from 'dayjs';

/**
 * The range picker's check: both days chosen and at most 31 of them (SPEC section 9), by the
 * contract's rule, so the form refuses what /order/export/start would. Returns the message key.
 */
export function checkOrderRange(range: [Dayjs | null, Dayjs | null] | null | undefined): string | null {
  if (!range?.[0] || !range[1]) return 'errors.export.range';
  return orderExportRangeOk(range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD')) ? null : 'errors.export.range';
}
