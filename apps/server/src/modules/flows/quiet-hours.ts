/** Hour (0-23) and minute of an instant in a time zone. */
function localClock(at: Date, timeZone: string): { hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  return { hour: Number(parts.find((p) => p.type === 'hour')!.value), minute: Number(parts.find((p) => p.type === 'minute')!.value) };
}

/** Whether a local hour falls in [start, end); start > end spans midnight, start = end is never quiet. */
export function isQuietHour(hour: number, q: { start: number; end: number }): boolean {
  if (q.start === q.end) return false;
  return q.start < q.end ? hour >= q.start && hour < q.end : hour >= q.start || hour < q.end;
}

/**
 * When an SMS may go: null when `now` is outside the store's quiet hours, else the first instant
 * at the end hour (local time, on the hour) after `now`. Stepping by whole hours from the next
 * local full hour keeps zones with half-hour offsets and DST changes right.
 */
export function quietHoursEnd(now: Date, timeZone: string, q: { start: number; end: number }): Date | null {
  const { hour, minute } = localClock(now, timeZone);
  if (!isQuietHour(hour, q)) return null;
  let t = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + (60 - minute) * 60_000);
  for (let i = 0; i < 48; i++) {
    const c = localClock(t, timeZone);
    if (!isQuietHour(c.hour, q)) return new Date(t.getTime() - c.minute * 60_000);
    t = new Date(t.getTime() + 3_600_000);
  }
  return t;
}
