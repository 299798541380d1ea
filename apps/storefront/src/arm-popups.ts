import type { ShopperLanguage, StorefrontPopup } from '@storecast/contract';
import { mountPopup, type SubmitResult } from '@storecast/popup-view';
import type { EventBatch } from './event-batch.ts';
import { eligiblePopups } from './match-conditions.ts';
import type { PublicApi, StorefrontConfig, SubscribeAnswer } from './public-api.ts';
import type { VisitorMemory } from './visitor-memory.ts';

interface Context {
  api: PublicApi;
  batch: EventBatch;
  memory: VisitorMemory;
  language: ShopperLanguage;
}

/** Exit intent is a desktop gesture: a fine pointer that can hover. */
const isDesktop = () => typeof matchMedia === 'function' && matchMedia('(hover: hover) and (pointer: fine)').matches;

/** How far down the page the shopper has scrolled, 0..100. */
function scrolledPercent(): number {
  const root = document.documentElement;
  const room = Math.max(root.scrollHeight, document.body?.scrollHeight ?? 0) - innerHeight;
  return room > 0 ? (scrollY / room) * 100 : 0;
}

/**
 * Arms the triggers of the pop-ups that may show on this page. PRIORITY RULE: at most one pop-up
 * per page view; the first whose trigger fires is shown. Triggers are armed in priority order
 * (the main subscription pop-up first, then the most recently updated), so triggers firing at
 * the same moment (same delay, one scroll event, one exit gesture, page views on load) pick by
 * that order.
 */
export function armPopups(config: StorefrontConfig, ctx: Context) {
  const { memory } = ctx;
  const now = Date.now();
  const popups = eligiblePopups(config.popups, { path: location.pathname + location.search, now },
    { isNew: memory.isNew, server: config.visitor, signedUp: memory.signedUp }, memory.shown);
  if (!popups.length) return;

  let shown = false;
  const cleanups: (() => void)[] = [];
  const fire = (popup: StorefrontPopup) => {
    if (shown) return;
    shown = true;
    try {
      for (const undo of cleanups) undo();
      showPopup(popup, ctx);
    } catch {
      // Triggers run from the page's own events: a failure here must not surface in the shop's console.
    }
  };

  const scrollers = popups.filter((p) => p.conditions.trigger.type === 'scroll');
  const leavers = isDesktop() ? popups.filter((p) => p.conditions.trigger.type === 'exit_intent') : [];
  for (const popup of popups) {
    const trigger = popup.conditions.trigger;
    if (trigger.type === 'delay') {
      const timer = setTimeout(() => fire(popup), trigger.delay_seconds * 1000);
      cleanups.push(() => clearTimeout(timer));
    } else if (trigger.type === 'page_views' && memory.pageViews >= trigger.page_views) {
      fire(popup);
      return;
    }
  }
  if (scrollers.length) {
    const onScroll = () => {
      const percent = scrolledPercent();
      const hit = scrollers.find((p) => percent >= p.conditions.trigger.scroll_percent);
      if (hit) fire(hit);
    };
    addEventListener('scroll', onScroll, { passive: true });
    cleanups.push(() => removeEventListener('scroll', onScroll));
  }
  if (leavers.length) {
    // The pointer leaves through the top of the window: towards the tabs, the address bar, the close button.
    const onOut = (e: MouseEvent) => {
      if (!e.relatedTarget && e.clientY <= 0) fire(leavers[0]!);
    };
    document.addEventListener('mouseout', onOut);
    cleanups.push(() => document.removeEventListener('mouseout', onOut));
  }
}

function toSubmitResult(answer: Awaited<ReturnType<PublicApi['subscribe']>>): SubmitResult {
  if (answer.code === 100 && answer.data && 'status' in answer.data) {
    const data = answer.data as SubscribeAnswer;
    return { ok: true, status: data.status, coupon: data.coupon };
  }
  const fields = (answer.data && 'fields' in answer.data ? answer.data.fields : undefined) ?? {};
  const errors: Extract<SubmitResult, { ok: false }>['errors'] = {};
  for (const name of ['email', 'phone', 'consent'] as const) if (fields[name]) errors[name] = fields[name];
  if (!Object.keys(errors).length) errors.form = answer.msg;
  return { ok: false, errors };
}

export function showPopup(popup: StorefrontPopup, ctx: Context) {
  const { api, batch, memory, language } = ctx;
  const host = document.createElement('storecast-popup');
  (document.body ?? document.documentElement).append(host);
  memory.markShown(popup.id, Date.now());
  batch.add({ type: 'popup_viewed', at: Date.now(), url: location.href.slice(0, 2000), subject: popup.id });
  batch.flush();
  mountPopup(host, {
    content: popup.content,
    language,
    onClose: () => host.remove(),
    onSubmit: async (values) => {
      const answer = await api.subscribe({
        popup_id: popup.id, consent: values.consent, language, page_url: location.href.slice(0, 2000), website: values.website ?? '',
        ...(values.email ? { email: values.email } : {}), ...(values.phone ? { phone: values.phone } : {}),
      });
      const result = toSubmitResult(answer);
      if (result.ok) memory.markSignedUp();
      return result;
    },
  });
}
