/**
 * What the script remembers about this browser, in localStorage (sessionStorage for the current
 * visit). Storage can be missing or full (private modes, blocked cookies): then the script keeps
 * the values for this page only and never throws.
 */
const PREFIX = 'storecast.';

function read(store: 'localStorage' | 'sessionStorage', key: string): string | null {
  try {
    return window[store].getItem(PREFIX + key);
  } catch {
    return null;
  }
}

function write(store: 'localStorage' | 'sessionStorage', key: string, value: string) {
  try {
    window[store].setItem(PREFIX + key, value);
  } catch {
    // Storage refused: the value lives for this page only.
  }
}

/** 22 characters of [A-Za-z0-9_-] from 16 random bytes (the contract wants 16-64 of them). */
export function newVisitorId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/;

export interface VisitorMemory {
  visitorId: string;
  isNew: boolean;
  pageViews: number;
  signedUp: boolean;
  shown: Record<string, number[]>;
  markShown(popupId: string, at: number): void;
  markSignedUp(): void;
}

/** Reads the memory and counts this page view. */
export function openVisitorMemory(): VisitorMemory {
  let visitorId = read('localStorage', 'visitor') ?? '';
  if (!VISITOR_ID.test(visitorId)) {
    visitorId = newVisitorId();
    write('localStorage', 'visitor', visitorId);
  }
  // A visit is a browser session; the visitor is new while the first one lasts.
  let visit = read('sessionStorage', 'visit');
  if (!visit) {
    visit = newVisitorId();
    write('sessionStorage', 'visit', visit);
  }
  let firstVisit = read('localStorage', 'first_visit');
  if (!firstVisit) {
    firstVisit = visit;
    write('localStorage', 'first_visit', visit);
  }
  const pageViews = (Number(read('localStorage', 'page_views')) || 0) + 1;
  write('localStorage', 'page_views', String(pageViews));
  let shown: Record<string, number[]> = {};
  try {
    const parsed = JSON.parse(read('localStorage', 'shown') ?? '{}') as unknown;
    if (parsed && typeof parsed === 'object') shown = parsed as Record<string, number[]>;
  } catch {
    shown = {};
  }
  const memory: VisitorMemory = {
    visitorId,
    isNew: firstVisit === visit,
    pageViews,
    signedUp: read('localStorage', 'signed_up') === '1',
    shown,
    markShown(popupId, at) {
      // Showings older than a year can never count again (the longest period is 365 days).
      const keep = (memory.shown[popupId] ?? []).filter((t) => typeof t === 'number' && t > at - 366 * 86_400_000);
      memory.shown[popupId] = [...keep.slice(-99), at];
      write('localStorage', 'shown', JSON.stringify(memory.shown));
    },
    markSignedUp() {
      memory.signedUp = true;
      write('localStorage', 'signed_up', '1');
    },
  };
  return memory;
}
