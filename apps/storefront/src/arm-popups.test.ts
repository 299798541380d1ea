import { popupConditionsSchema, popupContentSchema, type PopupConditionsInput, type StorefrontPopup } from '@storecast/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { armPopups, showPopup } from './arm-popups.ts';
import { createEventBatch } from './event-batch.ts';
import { createPublicApi, type PublicApi } from './public-api.ts';
import type { StorefrontEvent } from './storefront-types.ts';
import type { VisitorMemory } from './visitor-memory.ts';

const popup = (id: string, kind: 'main' | 'custom', updated_at: string, conditions: PopupConditionsInput): StorefrontPopup => {
  const texts = { title: `Title ${id}`, button: 'Join', consent: 'I agree', success_title: 'Thanks' };
  return {
    id, kind, updated_at, has_coupon: false,
    content: popupContentSchema.parse({ texts: { 'zh-CN': texts, 'en-US': texts } }),
    conditions: popupConditionsSchema.parse({ audience: { subscribers: 'all' }, ...conditions }),
  };
};

function arm(popups: StorefrontPopup[], pageViews = 1) {
  const sent: StorefrontEvent[] = [];
  const memory: VisitorMemory = {
    visitorId: 'v'.repeat(22), isNew: true, pageViews, signedUp: false, shown: {},
    markShown: vi.fn(), markSignedUp: vi.fn(),
  };
  const batch = createEventBatch((events) => sent.push(...events), () => undefined);
  armPopups({ popups, visitor: { subscriber: false, customer: false, days_since_order: null } },
    { api: {} as PublicApi, batch, memory, language: 'en-US' });
  const shownTitle = () => document.querySelector('storecast-popup')?.shadowRoot?.querySelector('h2')?.textContent ?? null;
  return { sent, memory, shownTitle };
}

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('armPopups', () => {
  it('shows the first pop-up whose trigger fires, and only one per page view', () => {
    const { sent, shownTitle, memory } = arm([
      popup('late', 'main', '2026-01-01T00:00:00Z', { trigger: { type: 'delay', delay_seconds: 20 } }),
      popup('early', 'custom', '2026-01-01T00:00:00Z', { trigger: { type: 'delay', delay_seconds: 5 } }),
    ]);
    vi.advanceTimersByTime(4_999);
    expect(shownTitle()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(shownTitle()).toBe('Title early');
    vi.advanceTimersByTime(60_000);
    expect(document.querySelectorAll('storecast-popup')).toHaveLength(1);
    expect(memory.markShown).toHaveBeenCalledWith('early', expect.any(Number));
    expect(sent.map((e) => [e.type, e.subject])).toEqual([['popup_viewed', 'early']]);
  });

  it('on a tie, shows the main pop-up, then the most recently updated', () => {
    const same = { trigger: { type: 'delay' as const, delay_seconds: 3 } };
    const first = arm([popup('older', 'custom', '2026-01-01T00:00:00Z', same), popup('main', 'main', '2025-01-01T00:00:00Z', same)]);
    vi.advanceTimersByTime(3_000);
    expect(first.shownTitle()).toBe('Title main');
    document.body.innerHTML = '';
    const second = arm([popup('older', 'custom', '2026-01-01T00:00:00Z', same), popup('newer', 'custom', '2026-03-01T00:00:00Z', same)]);
    vi.advanceTimersByTime(3_000);
    expect(second.shownTitle()).toBe('Title newer');
  });

  it('shows a page-views pop-up at once from the Nth page view', () => {
    expect(arm([popup('pv', 'main', '2026-01-01T00:00:00Z', { trigger: { type: 'page_views', page_views: 3 } })], 2).shownTitle()).toBeNull();
    expect(arm([popup('pv', 'main', '2026-01-01T00:00:00Z', { trigger: { type: 'page_views', page_views: 3 } })], 3).shownTitle()).toBe('Title pv');
  });
});

describe('a refusal from the server', () => {
  it('marks the field the answer names (data.fields), with its message beside it, and no general message', async () => {
    vi.useRealTimers();
    const msg = '邮箱地址格式不正确。';
    // The network is the boundary: the answer is the envelope the subscribe route sends for a refused address.
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 103, msg, data: { fields: { email: msg } } }), { status: 400 })));
    try {
      const memory: VisitorMemory = { visitorId: 'v'.repeat(22), isNew: true, pageViews: 1, signedUp: false, shown: {}, markShown: vi.fn(), markSignedUp: vi.fn() };
      const api = createPublicApi('https://app.example', `pk_${'a'.repeat(32)}`, memory.visitorId, 'zh-CN');
      showPopup(popup('p', 'custom', '2026-01-01T00:00:00Z', { trigger: { type: 'delay', delay_seconds: 1 } }),
        { api, batch: createEventBatch(() => undefined, () => undefined), memory, language: 'zh-CN' });
      const root = document.querySelector('storecast-popup')!.shadowRoot!;
      const email = root.querySelector<HTMLInputElement>('input[type=email]')!;
      email.value = 'shopper@example.c';
      email.dispatchEvent(new Event('input'));
      const consent = root.querySelector<HTMLInputElement>('input[type=checkbox]')!;
      consent.checked = true;
      consent.dispatchEvent(new Event('change'));
      root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
      await vi.waitFor(() => expect(root.querySelector('input[type=email]')!.getAttribute('aria-invalid')).toBe('true'));
      const box = root.querySelector('input[type=email]')!;
      expect(root.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(msg);
      expect([...root.querySelectorAll('.error')].map((e) => e.textContent).filter(Boolean)).toEqual([msg]);
      expect(memory.markSignedUp).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
