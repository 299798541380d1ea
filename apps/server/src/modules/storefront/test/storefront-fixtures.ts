import {
  popupConditionsSchema, type PopupConditionsInput, popupContentSchema, type PopupContentInput,
} from '@storecast/contract';
import { coupons, popups, shops } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/start-test-app.ts';

export const WORDING = { 'zh-CN': '我同意接收营销邮件和短信。', 'en-US': 'I agree to receive marketing e-mails and texts.' };

const texts = (lang: 'zh-CN' | 'en-US') => ({
  title: lang === 'zh-CN' ? '订阅' : 'Subscribe', button: lang === 'zh-CN' ? '提交' : 'Sign up',
  consent: WORDING[lang], success_title: lang === 'zh-CN' ? '谢谢' : 'Thanks',
});

/** A store's public key and homepage origin, read from its row. */
export async function storeOf(t: Pick<TestApp, 'deps'>, shopId: string) {
  const [row] = await t.deps.dbh.db.select({ key: shops.publicKey, home: shops.homepageUrl }).from(shops).where(eq(shops.id, shopId));
  return { key: row!.key, origin: new URL(row!.home).origin };
}

/** Writes a pop-up row as the admin would save it (contract documents with their defaults). */
export async function makePopup(t: Pick<TestApp, 'deps'>, shopId: string, opts: {
  kind?: 'main' | 'custom'; name?: string; enabled?: boolean; doubleOptIn?: boolean;
  content?: Partial<PopupContentInput>; conditions?: PopupConditionsInput;
} = {}) {
  const content = popupContentSchema.parse({ texts: { 'zh-CN': texts('zh-CN'), 'en-US': texts('en-US') }, ...opts.content });
  const conditions = popupConditionsSchema.parse(opts.conditions ?? {});
  const [row] = await t.deps.dbh.db.insert(popups).values({
    shopId, kind: opts.kind ?? 'custom', name: opts.name ?? 'Welcome offer', enabled: opts.enabled ?? true,
    doubleOptIn: opts.doubleOptIn ?? false, content, conditions,
  }).returning({ id: popups.id });
  return row!.id;
}

export async function makeCoupon(t: TestApp, shopId: string, code = 'WELCOME10') {
  const [row] = await t.deps.dbh.db.insert(coupons).values({ shopId, code, discount: 10, description: '10% off your first order' })
    .returning({ id: coupons.id });
  return row!.id;
}

/** A visitor id as the script makes one. */
export const visitorId = (n: number | string) => `visitor-${String(n).padStart(12, '0')}`;

/** Sends a storefront request the way the script does: text/plain JSON, from a page's origin. */
export async function storefront(
  t: TestApp, method: 'GET' | 'POST' | 'OPTIONS', path: string,
  opts: { body?: unknown; raw?: string; query?: Record<string, string>; origin?: string; type?: string; lang?: string; ip?: string } = {},
) {
  const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'en-US' };
  if (opts.origin) headers.origin = opts.origin;
  const payload = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  if (payload !== undefined) headers['content-type'] = opts.type ?? 'text/plain;charset=UTF-8';
  const res = await t.app.inject({
    method, url: `/api/public/storefront/${path}`, query: opts.query, headers, payload,
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
  // The answers of four routes and their refusals: the tests read what they expect.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let body: { code: number; msg: string; data: any } | null = null;
  try {
    body = res.json();
  } catch { /* not JSON */ }
  return { status: res.statusCode, headers: res.headers, body: body!, raw: res.body };
}
