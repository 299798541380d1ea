import type { PopupConditions, StorefrontPopup, StorefrontVisitor } from '@storecast/contract';

/**
 * Which pop-ups may show on this page view, before any trigger: pages, audience, frequency,
 * "never again after a sign-up" and schedule. Pure functions of what the script knows, so they
 * are tested without a browser.
 */

export interface VisitorFacts {
  /** The first visit of this browser (the first browser session that ran the script). */
  isNew: boolean;
  /** The server's view of the visitor (joined by visitor id or identify()). */
  server: StorefrontVisitor;
  /** This browser signed up through a pop-up of the store. */
  signedUp: boolean;
}

export interface PageFacts {
  /** Path and query of the page, e.g. `/products/tea?ref=mail`. */
  path: string;
  now: number;
}

const DAY_MS = 86_400_000;

/** A rule's value may be written as a full URL; only its path and query are compared. */
function ruleTarget(value: string): string {
  const v = value.trim();
  const full = /^https?:\/\/[^/?#]+(.*)$/i.exec(v);
  const rest = full ? full[1] || '/' : v;
  return rest.toLowerCase();
}

export function matchesPages(pages: PopupConditions['pages'], path: string): boolean {
  if (pages.mode === 'all') return true;
  const p = path.toLowerCase();
  const hit = pages.rules.some((rule) => {
    const target = ruleTarget(rule.value);
    if (!target) return false;
    if (rule.match === 'equals') return p === target || p.replace(/\/$/, '') === target.replace(/\/$/, '');
    if (rule.match === 'starts_with') return p.startsWith(target);
    return p.includes(target);
  });
  return pages.mode === 'include' ? hit : !hit;
}

export function matchesAudience(audience: PopupConditions['audience'], visitor: VisitorFacts): boolean {
  if (audience.visitors === 'new' && !visitor.isNew) return false;
  if (audience.visitors === 'returning' && visitor.isNew) return false;
  const subscribed = visitor.server.subscriber || visitor.signedUp;
  if (audience.subscribers === 'subscribers' && !subscribed) return false;
  if (audience.subscribers === 'non_subscribers' && subscribed) return false;
  if (audience.customers === 'non_customers' && visitor.server.customer) return false;
  if (audience.customers === 'customers') {
    if (!visitor.server.customer) return false;
    const days = visitor.server.days_since_order;
    if (audience.days_since_order != null && (days == null || days < audience.days_since_order)) return false;
  }
  return true;
}

/** At most `times` showings in any `period_days` days: counts the showings inside the window ending now. */
export function allowedByFrequency(frequency: PopupConditions['frequency'], shownAt: number[], now: number): boolean {
  const since = now - frequency.period_days * DAY_MS;
  return shownAt.filter((t) => t > since && t <= now).length < frequency.times;
}

export function withinSchedule(schedule: PopupConditions['schedule'], now: number): boolean {
  if (schedule.start_at && now < Date.parse(schedule.start_at)) return false;
  if (schedule.end_at && now >= Date.parse(schedule.end_at)) return false;
  return true;
}

/**
 * The pop-ups that may show on this page view, in priority order. PRIORITY RULE: at most one
 * pop-up per page view; the first whose trigger fires is shown. Triggers that fire at the same
 * moment go by this order: the store's main subscription pop-up first, then the most recently
 * updated pop-up of the pop-up centre.
 */
export function eligiblePopups(
  popups: StorefrontPopup[], page: PageFacts, visitor: VisitorFacts, shown: Record<string, number[]>,
): StorefrontPopup[] {
  return popups
    .filter((p) => {
      const c = p.conditions;
      if (c.stop_after_sign_up && visitor.signedUp) return false;
      return withinSchedule(c.schedule, page.now) && matchesPages(c.pages, page.path)
        && matchesAudience(c.audience, visitor) && allowedByFrequency(c.frequency, shown[p.id] ?? [], page.now);
    })
    .sort(byPriority);
}

export function byPriority(a: StorefrontPopup, b: StorefrontPopup): number {
  if (a.kind !== b.kind) return a.kind === 'main' ? -1 : 1;
  return (Date.parse(b.updated_at) || 0) - (Date.parse(a.updated_at) || 0);
}
