import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { checkOrderRange } from './order-range.ts';

describe('the order export range (at most 31 days, as /order/export/start)', () => {
  it('accepts one day up to 31 days', () => {
    expect(checkOrderRange([dayjs('2026-03-01'), dayjs('2026-03-01')])).toBeNull();
    expect(checkOrderRange([dayjs('2026-03-01'), dayjs('2026-03-31')])).toBeNull();
  });
  it('refuses 32 days, a missing day, or no range with the SPEC message key', () => {
    expect(checkOrderRange([dayjs('2026-03-01'), dayjs('2026-04-01')])).toBe('errors.export.range');
    expect(checkOrderRange([dayjs('2026-03-01'), null])).toBe('errors.export.range');
    expect(checkOrderRange(undefined)).toBe('errors.export.range');
  });
});
