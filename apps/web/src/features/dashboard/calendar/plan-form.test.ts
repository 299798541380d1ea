import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { checkPlan, newPlanValues, planBody } from './plan-form.ts';

describe('the plan drawer rules (the contract schema, as /calendar/save)', () => {
  const base = () => newPlanValues(dayjs('2026-11-27'), 'Black Friday');

  it('accepts a plan made from a holiday and builds its body', () => {
    expect(checkPlan(base())).toEqual([]);
    expect(planBody({ ...base(), purpose: 'Stock' }, 'p1')).toEqual({
      id: 'p1', starts_on: '2026-11-27', ends_on: '2026-11-27', holiday: 'Black Friday', purpose: 'Stock', audience: '', offer: '',
      strength: 'medium', remarks: '',
    });
  });

  it('limits the four fields to 50 and remarks to 100, and needs a holiday', () => {
    expect(checkPlan({ ...base(), offer: 'x'.repeat(51) })).toEqual([{ field: 'offer', message: 'errors.calendar.fieldTooLong' }]);
    expect(checkPlan({ ...base(), audience: 'x'.repeat(50) })).toEqual([]);
    expect(checkPlan({ ...base(), remarks: 'x'.repeat(101) })).toEqual([{ field: 'remarks', message: 'errors.calendar.remarksTooLong' }]);
    expect(checkPlan({ ...base(), holiday: '  ' })).toEqual([{ field: 'holiday', message: 'errors.calendar.holidayRequired' }]);
  });

  it('needs both days, the end not before the start', () => {
    expect(checkPlan({ ...base(), range: undefined })[0]).toEqual({ field: 'range', message: 'errors.calendar.dayFormat' });
    const backwards = { ...base(), range: [dayjs('2026-11-30'), dayjs('2026-11-01')] as [dayjs.Dayjs, dayjs.Dayjs] };
    expect(checkPlan(backwards)).toEqual([{ field: 'range', message: 'errors.calendar.dateOrder' }]);
  });
});
