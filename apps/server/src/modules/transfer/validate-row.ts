import { EMAIL_MAX, isEmailAddress, LIMITS, MOBILE_RE, SUBSCRIBER_STATUSES, type SubscriberStatus } from '@storecast/contract';

/** One good row, normalised, ready for the batch writer. */
export interface ImportRow {
  rowNo: number;
  email: string | null;
  phone: string | null;
  firstName: string;
  lastName: string;
  source: string | null;
  status: SubscriberStatus | null;
  subscribedAt: string | null;
  tags: string[];
  attributes: Record<string, string> | null;
}

export type RowReason = 'badEmail' | 'badPhone' | 'noContact' | 'badDate' | 'badStatus' | 'badTag';

/** Which cell holds which field, resolved once from the header and the mapping. */
export interface RowPlan {
  email?: number;
  phone?: number;
  first_name?: number;
  last_name?: number;
  source?: number;
  subscribed_at?: number;
  status?: number;
  tags?: number;
  attributes: [key: string, index: number][];
  /** Tags every row gets (the import's chosen tags). */
  extraTags: string[];
  timeZone: string;
}

export function buildPlan(columns: string[], mapping: Record<string, string>, extraTags: string[], timeZone: string): RowPlan {
  const plan: RowPlan = { attributes: [], extraTags, timeZone };
  columns.forEach((col, i) => {
    const target = mapping[col];
    if (!target) return;
    if (target.startsWith('attribute:')) plan.attributes.push([target.slice(10), i]);
    else if (!(target in plan)) (plan as unknown as Record<string, number>)[target] = i;
  });
  return plan;
}

const STATUS_WORDS: Record<string, SubscriberStatus> = {
  subscribed: 'subscribed', subscribe: 'subscribed', active: 'subscribed', yes: 'subscribed', true: 'subscribed', '1': 'subscribed', 订阅: 'subscribed', 已订阅: 'subscribed',
  unsubscribed: 'unsubscribed', unsubscribe: 'unsubscribed', no: 'unsubscribed', false: 'unsubscribed', '0': 'unsubscribed', 退订: 'unsubscribed', 已退订: 'unsubscribed', 取消订阅: 'unsubscribed', 未订阅: 'unsubscribed',
  complaint: 'complaint', complained: 'complaint', spam: 'complaint', 投诉: 'complaint',
  error: 'error', bounced: 'error', bounce: 'error', invalid: 'error', 错误: 'error', 退信: 'error',
};
for (const s of SUBSCRIBER_STATUSES) STATUS_WORDS[s] = s;

const TAG_SPLIT = /[,;|，；、]/;
const SPACES_DASHES = /[\s-]/g;

const cellAt = (cells: string[], i: number | undefined) => (i === undefined ? '' : (cells[i] ?? ''));

/** Checks and normalises one row; a bad row answers with its reason (a key of errors.import). */
export function validateRow(cells: string[], rowNo: number, plan: RowPlan): ImportRow | RowReason {
  let email: string | null = cellAt(cells, plan.email).toLowerCase() || null;
  if (email && (email.length > EMAIL_MAX || !isEmailAddress(email))) return 'badEmail';
  let phone: string | null = null;
  const rawPhone = cellAt(cells, plan.phone);
  if (rawPhone) {
    // The contract's mobile rule (mobileSchema: trimmed, spaces and dashes dropped, MOBILE_RE)
    // without a zod parse per row, which was a good part of a million-row import's time.
    phone = rawPhone.replace(SPACES_DASHES, '');
    if (!MOBILE_RE.test(phone)) return 'badPhone';
  }
  if (!email && !phone) return 'noContact';
  let subscribedAt: string | null = null;
  const rawDate = cellAt(cells, plan.subscribed_at);
  if (rawDate) {
    subscribedAt = parseDate(rawDate, plan.timeZone);
    if (!subscribedAt) return 'badDate';
  }
  let status: SubscriberStatus | null = null;
  const rawStatus = cellAt(cells, plan.status);
  if (rawStatus) {
    status = STATUS_WORDS[rawStatus.toLowerCase()] ?? null;
    if (!status) return 'badStatus';
  }
  let tags = plan.extraTags;
  const rawTags = cellAt(cells, plan.tags);
  if (rawTags) {
    // One tag and no chosen tags is the common case: no splitting, no set.
    const own = TAG_SPLIT.test(rawTags) ? rawTags.split(TAG_SPLIT).map((t) => t.trim()).filter(Boolean) : [rawTags];
    if (own.some((t) => t.length > LIMITS.segmentNameMax)) return 'badTag';
    tags = own.length === 1 && plan.extraTags.length === 0 ? own : [...new Set([...own, ...plan.extraTags])];
  }
  let attributes: Record<string, string> | null = null;
  for (const [key, i] of plan.attributes) {
    const v = cells[i];
    if (v) (attributes ??= {})[key] = v.slice(0, 500);
  }
  email = email || null;
  return {
    rowNo, email, phone,
    firstName: cellAt(cells, plan.first_name).slice(0, 100),
    lastName: cellAt(cells, plan.last_name).slice(0, 100),
    source: cellAt(cells, plan.source).slice(0, 50) || null,
    status, subscribedAt, tags, attributes,
  };
}

const WALL_CLOCK = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/**
 * A subscription date as an ISO string, or null. Accepts ten-digit seconds and thirteen-digit
 * milliseconds (SPEC section 9), ISO times with an offset, and "YYYY-MM-DD[ HH:MM[:SS]]" (also
 * with / or .), read as wall-clock time in the store's time zone.
 */
export function parseDate(text: string, timeZone: string): string | null {
  if (/^\d{10}$/.test(text)) return new Date(Number(text) * 1000).toISOString();
  if (/^\d{13}$/.test(text)) return new Date(Number(text)).toISOString();
  const m = WALL_CLOCK.exec(text);
  if (m) {
    const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
    if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
    const utc = Date.UTC(y, mo - 1, d, h, mi, s);
    if (new Date(utc).getUTCDate() !== d) return null;
    return new Date(utc - zoneOffsetMs(utc, timeZone)).toISOString();
  }
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const t = Date.parse(text);
    return Number.isNaN(t) ? null : new Date(t).toISOString();
  }
  return null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at about that instant. */
function zoneOffsetMs(utc: number, timeZone: string): number {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    } catch {
      f = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    }
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(utc)).map((x) => [x.type, x.value]));
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return wall - utc;
}
