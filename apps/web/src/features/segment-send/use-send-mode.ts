import type { SendMode } from '@storecast/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNow } from '../../shared/ui/use-now.ts';
import { passedInSomeZones, sendTimeProblem, toWallTime, wallTimeToInstant, type WallTime } from './send-time.ts';

/** The picker's value read as wall-clock fields: they mean the store's zone, not the browser's. */
export const wallOf = (d: Dayjs): WallTime => ({ year: d.year(), month: d.month() + 1, day: d.date(), hour: d.hour(), minute: d.minute() });
export const dayjsOf = (w: WallTime): Dayjs => dayjs(new Date(w.year, w.month - 1, w.day, w.hour, w.minute));

/**
 * The confirm step's send mode and time: now, later (a store-zone wall time, checked against the
 * earliest allowed) or draft, with what to tell about the chosen time.
 */
export function useSendMode(zone: string) {
  const [mode, setMode] = useState<SendMode>('now');
  const [picked, setPicked] = useState<Dayjs | null>(null);
  const [tried, setTried] = useState(false);
  const now = useNow();

  const wall = picked ? wallOf(picked) : null;
  const instant = wall ? wallTimeToInstant(wall, zone) : null;
  const problem = mode === 'later' ? sendTimeProblem(instant, now) : null;
  const today = toWallTime(now, zone);
  return {
    zone, now, mode, setMode, picked, setPicked, tried, setTried, instant, problem,
    passed: mode === 'later' && !!wall && !problem && passedInSomeZones(wall, now),
    todayInZone: `${today.year}-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`,
    /** What the save sends as `send_at`. */
    sendAt: mode === 'later' && instant !== null ? new Date(instant).toISOString() : null,
    /** The toast after a successful submit; a draft's is the kind's own. */
    doneKey: (draftKey: 'segmentSend.draftSaved' | 'elementSend.draftSaved') =>
      (mode === 'now' ? 'segmentSend.confirm.sent' : mode === 'later' ? 'segmentSend.confirm.scheduled' : draftKey),
  } as const;
}

export type SendModeState = ReturnType<typeof useSendMode>;
