/**
 * The main shopping and public holidays of a store's market, for the marketing calendar. Dates
 * are computed from rules (fixed dates, "the 4th Thursday of November", Easter) and, for the
 * Chinese lunar holidays, from a small table of the years the product plans for.
 */

export const MARKETS = ['CN', 'US', 'GB', 'EU', 'JP'] as const;
export type Market = (typeof MARKETS)[number];

export interface Holiday {
  /** Stable across years, e.g. `black-friday`. */
  id: string;
  /** YYYY-MM-DD. */
  date: string;
  names: { 'zh-CN': string; 'en-US': string };
}

type Rule =
  | { kind: 'fixed'; month: number; day: number }
  /** The n-th weekday (0 Sunday) of a month; n = -1 is the last. */
  | { kind: 'nth'; month: number; weekday: number; n: number }
  | { kind: 'easter'; offset: number }
  | { kind: 'thanksgiving'; offset: number }
  | { kind: 'lunar'; dates: Record<number, string> };

interface Def { id: string; zh: string; en: string; rule: Rule }

const fixed = (id: string, zh: string, en: string, month: number, day: number): Def => ({ id, zh, en, rule: { kind: 'fixed', month, day } });
const nth = (id: string, zh: string, en: string, month: number, weekday: number, n: number): Def => ({ id, zh, en, rule: { kind: 'nth', month, weekday, n } });

// Lunar-calendar festivals for the years the calendar plans for; outside them they are left out.
const SPRING_FESTIVAL = { 2025: '2025-01-29', 2026: '2026-02-17', 2027: '2027-02-06', 2028: '2028-01-26' };
const LANTERN = { 2025: '2025-02-12', 2026: '2026-03-03', 2027: '2027-02-20', 2028: '2028-02-09' };
const QINGMING = { 2025: '2025-04-04', 2026: '2026-04-05', 2027: '2027-04-05', 2028: '2028-04-04' };
const DRAGON_BOAT = { 2025: '2025-05-31', 2026: '2026-06-19', 2027: '2027-06-09', 2028: '2028-05-28' };
const QIXI = { 2025: '2025-08-29', 2026: '2026-08-19', 2027: '2027-08-08', 2028: '2028-08-26' };
const MID_AUTUMN = { 2025: '2025-10-06', 2026: '2026-09-25', 2027: '2027-09-15', 2028: '2028-10-03' };

const NEW_YEAR = fixed('new-year', '元旦', "New Year's Day", 1, 1);
const VALENTINE = fixed('valentines-day', '情人节', "Valentine's Day", 2, 14);
const HALLOWEEN = fixed('halloween', '万圣节', 'Halloween', 10, 31);
const CHRISTMAS_EVE = fixed('christmas-eve', '平安夜', 'Christmas Eve', 12, 24);
const CHRISTMAS = fixed('christmas', '圣诞节', 'Christmas Day', 12, 25);
const NEW_YEARS_EVE = fixed('new-years-eve', '跨年夜', "New Year's Eve", 12, 31);
const MOTHERS_DAY = nth('mothers-day', '母亲节', "Mother's Day", 5, 0, 2);
const FATHERS_DAY = nth('fathers-day', '父亲节', "Father's Day", 6, 0, 3);
const EASTER: Def = { id: 'easter', zh: '复活节', en: 'Easter Sunday', rule: { kind: 'easter', offset: 0 } };
const BLACK_FRIDAY: Def = { id: 'black-friday', zh: '黑色星期五', en: 'Black Friday', rule: { kind: 'thanksgiving', offset: 1 } };
const CYBER_MONDAY: Def = { id: 'cyber-monday', zh: '网络星期一', en: 'Cyber Monday', rule: { kind: 'thanksgiving', offset: 4 } };

const DEFS: Record<Market, Def[]> = {
  CN: [
    NEW_YEAR,
    { id: 'spring-festival', zh: '春节', en: 'Spring Festival', rule: { kind: 'lunar', dates: SPRING_FESTIVAL } },
    { id: 'lantern-festival', zh: '元宵节', en: 'Lantern Festival', rule: { kind: 'lunar', dates: LANTERN } },
    VALENTINE,
    fixed('womens-day', '妇女节', "Women's Day", 3, 8),
    { id: 'qingming', zh: '清明节', en: 'Qingming Festival', rule: { kind: 'lunar', dates: QINGMING } },
    fixed('labour-day', '劳动节', 'Labour Day', 5, 1),
    MOTHERS_DAY,
    fixed('520', '520 网络情人节', '520 Day', 5, 20),
    { id: 'dragon-boat', zh: '端午节', en: 'Dragon Boat Festival', rule: { kind: 'lunar', dates: DRAGON_BOAT } },
    fixed('618', '618 年中大促', '618 Shopping Festival', 6, 18),
    FATHERS_DAY,
    { id: 'qixi', zh: '七夕节', en: 'Qixi Festival', rule: { kind: 'lunar', dates: QIXI } },
    { id: 'mid-autumn', zh: '中秋节', en: 'Mid-Autumn Festival', rule: { kind: 'lunar', dates: MID_AUTUMN } },
    fixed('national-day', '国庆节', 'National Day', 10, 1),
    fixed('singles-day', '双十一', "Singles' Day", 11, 11),
    BLACK_FRIDAY,
    fixed('double-12', '双十二', 'Double 12', 12, 12),
    CHRISTMAS,
  ],
  US: [
    NEW_YEAR,
    nth('mlk-day', '马丁·路德·金纪念日', 'Martin Luther King Jr. Day', 1, 1, 3),
    VALENTINE,
    nth('presidents-day', '总统日', "Presidents' Day", 2, 1, 3),
    fixed('st-patricks-day', '圣帕特里克节', "St. Patrick's Day", 3, 17),
    EASTER,
    MOTHERS_DAY,
    nth('memorial-day', '阵亡将士纪念日', 'Memorial Day', 5, 1, -1),
    FATHERS_DAY,
    fixed('independence-day', '美国独立日', 'Independence Day', 7, 4),
    nth('labor-day', '美国劳动节', 'Labor Day', 9, 1, 1),
    HALLOWEEN,
    { id: 'thanksgiving', zh: '感恩节', en: 'Thanksgiving', rule: { kind: 'thanksgiving', offset: 0 } },
    BLACK_FRIDAY,
    CYBER_MONDAY,
    CHRISTMAS_EVE,
    CHRISTMAS,
    NEW_YEARS_EVE,
  ],
  GB: [
    NEW_YEAR,
    VALENTINE,
    { id: 'mothering-sunday', zh: '英国母亲节', en: 'Mothering Sunday', rule: { kind: 'easter', offset: -21 } },
    { id: 'good-friday', zh: '耶稣受难日', en: 'Good Friday', rule: { kind: 'easter', offset: -2 } },
    EASTER,
    { id: 'easter-monday', zh: '复活节星期一', en: 'Easter Monday', rule: { kind: 'easter', offset: 1 } },
    nth('early-may-bank-holiday', '五月初银行假日', 'Early May Bank Holiday', 5, 1, 1),
    FATHERS_DAY,
    HALLOWEEN,
    fixed('bonfire-night', '篝火之夜', 'Bonfire Night', 11, 5),
    BLACK_FRIDAY,
    CYBER_MONDAY,
    CHRISTMAS,
    fixed('boxing-day', '节礼日', 'Boxing Day', 12, 26),
    NEW_YEARS_EVE,
  ],
  EU: [
    NEW_YEAR,
    VALENTINE,
    { id: 'good-friday', zh: '耶稣受难日', en: 'Good Friday', rule: { kind: 'easter', offset: -2 } },
    EASTER,
    fixed('labour-day', '劳动节', 'Labour Day', 5, 1),
    MOTHERS_DAY,
    fixed('europe-day', '欧洲日', 'Europe Day', 5, 9),
    HALLOWEEN,
    BLACK_FRIDAY,
    CYBER_MONDAY,
    CHRISTMAS_EVE,
    CHRISTMAS,
    NEW_YEARS_EVE,
  ],
  JP: [
    NEW_YEAR,
    nth('coming-of-age-day', '成人节', 'Coming of Age Day', 1, 1, 2),
    VALENTINE,
    fixed('white-day', '白色情人节', 'White Day', 3, 14),
    fixed('golden-week', '黄金周', 'Golden Week', 4, 29),
    fixed('childrens-day', '儿童节（日本）', "Children's Day", 5, 5),
    MOTHERS_DAY,
    FATHERS_DAY,
    fixed('tanabata', '七夕（日本）', 'Tanabata', 7, 7),
    fixed('obon', '盂兰盆节', 'Obon', 8, 13),
    HALLOWEEN,
    BLACK_FRIDAY,
    CHRISTMAS,
    fixed('omisoka', '大晦日', "New Year's Eve (Ōmisoka)", 12, 31),
  ],
};

const EURO_ZONES = /^Europe\/(?!London|Dublin)/;

/** The market of a store, from its currency and, failing that, its time zone. */
export function marketOf(currency: string, timezone: string): Market {
  switch (currency.toUpperCase()) {
    case 'CNY': return 'CN';
    case 'USD': return 'US';
    case 'GBP': return 'GB';
    case 'EUR': return 'EU';
    case 'JPY': return 'JP';
  }
  if (timezone === 'Asia/Shanghai' || timezone === 'Asia/Hong_Kong') return 'CN';
  if (timezone === 'Europe/London') return 'GB';
  if (timezone === 'Asia/Tokyo') return 'JP';
  if (EURO_ZONES.test(timezone)) return 'EU';
  return 'US';
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** Easter Sunday (Gregorian, the anonymous algorithm). */
function easter(year: number): Date {
  const a = year % 19, b = Math.floor(year / 100), c = year % 100;
  const d = Math.floor(b / 4), e = b % 4, f = Math.floor((b + 8) / 25), g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30, i = Math.floor(c / 4), k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7, m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31), day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return new Date(Date.UTC(year, month - 1, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7));
  }
  const last = new Date(Date.UTC(year, month, 0));
  return new Date(Date.UTC(year, month - 1, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7)));
}

const plusDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);
const iso = (d: Date) => d.toISOString().slice(0, 10);

function dateOf(rule: Rule, year: number): string | null {
  switch (rule.kind) {
    case 'fixed': return ymd(year, rule.month, rule.day);
    case 'nth': return iso(nthWeekday(year, rule.month, rule.weekday, rule.n));
    case 'easter': return iso(plusDays(easter(year), rule.offset));
    case 'thanksgiving': return iso(plusDays(nthWeekday(year, 11, 4, 4), rule.offset));
    case 'lunar': return rule.dates[year] ?? null;
  }
}

/** The market's holidays in one month (`YYYY-MM`), by date. */
export function holidaysOf(market: Market, month: string): Holiday[] {
  const [year] = month.split('-').map(Number) as [number];
  const out: Holiday[] = [];
  for (const def of DEFS[market]) {
    const date = dateOf(def.rule, year);
    if (date && date.startsWith(`${month}-`)) out.push({ id: def.id, date, names: { 'zh-CN': def.zh, 'en-US': def.en } });
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}
