/**
 * A send time from the wizard: ISO 8601 with an offset ("2026-05-01T09:00:00+08:00", "…Z") is
 * taken as is; a wall-clock time without one ("2026-05-01T09:00") is read in the store's time
 * zone, which is what the owner means when they pick "9:00" for their store. Null when invalid.
 */
export function parseSendAt(value: string, timeZone: string): Date | null {
  const v = value.trim();
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(v)) {
    const t = Date.parse(v);
    return Number.isNaN(t) ? null : new Date(t);
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(v);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  if (Number.isNaN(asUtc)) return null;
  // The zone's offset at that moment, found by formatting the UTC guess in the zone (twice, for DST edges).
  let t = asUtc - zoneOffsetMs(asUtc, timeZone);
  t = asUtc - zoneOffsetMs(t, timeZone);
  return new Date(t);
}

function zoneOffsetMs(at: number, timeZone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    }).formatToParts(new Date(at));
  } catch {
    return 0;
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(at / 1000) * 1000;
}
