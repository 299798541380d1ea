import type { ShopperLanguage } from '@storecast/contract';
import { type DrawOutcome, mountDraw } from '@storecast/popup-view';
import type { DrawAnswer, Envelope, PublicApi } from './public-api.ts';

interface Context {
  api: Pick<PublicApi, 'drawInfo' | 'draw'>;
  language: ShopperLanguage;
}

/** The link parameter that opens a draw over any page of the shop: `?storecast_draw=<campaign id>`. */
export const DRAW_PARAM = 'storecast_draw';
/** The element a shop places where a draw goes: `<div data-storecast-draw="<campaign id>"></div>`. */
const DRAW_ATTR = 'data-storecast-draw';
/** A page shows at most this many draws; a campaign named twice shows once. */
const MAX_DRAWS = 3;

/**
 * The draws the page names: each placed element in page order (drawn inside it), then the link's
 * (drawn over the page) unless an element already shows that campaign.
 */
export function drawsOnPage(doc: Document, search: string): { id: string; place: HTMLElement | null }[] {
  const found: { id: string; place: HTMLElement | null }[] = [];
  const seen = new Set<string>();
  const add = (raw: string | null, place: HTMLElement | null) => {
    const id = (raw ?? '').trim().slice(0, 40);
    if (!id || seen.has(id) || found.length >= MAX_DRAWS) return;
    seen.add(id);
    found.push({ id, place });
  };
  for (const el of doc.querySelectorAll<HTMLElement>(`[${DRAW_ATTR}]`)) add(el.getAttribute(DRAW_ATTR), el);
  add(new URLSearchParams(search).get(DRAW_PARAM), null);
  return found;
}

/** The draw route's answer as the view takes it: the prize, a field's message, or the server's sentence. */
export function toDrawOutcome(answer: Envelope<Awaited<ReturnType<PublicApi['draw']>>['data']>): DrawOutcome {
  if (answer.code === 100 && answer.data && 'prize' in answer.data) {
    const data = answer.data as DrawAnswer;
    return { ok: true, prize: data.prize, coupon: data.coupon };
  }
  const fields = (answer.data && 'fields' in answer.data ? answer.data.fields : undefined) ?? {};
  const errors: Extract<DrawOutcome, { ok: false }>['errors'] = {};
  for (const name of ['email', 'phone'] as const) if (fields[name]) errors[name] = fields[name];
  if (!errors.email && !errors.phone) errors.form = answer.msg;
  return { ok: false, errors };
}

/** Shows one draw: inside `place`, or over the page. A campaign that is not running shows nothing. */
export async function showDraw(id: string, place: HTMLElement | null, ctx: Context) {
  const { api, language } = ctx;
  const info = await api.drawInfo(id);
  if (info.code !== 100 || !info.data) {
    console.warn(`storecast: ${info.msg}`);
    return;
  }
  // A host of the script's own: the shop's element keeps its children and styles.
  const host = document.createElement('storecast-draw');
  (place ?? document.body ?? document.documentElement).append(host);
  mountDraw(host, {
    info: info.data,
    language,
    modal: !place,
    onClose: () => host.remove(),
    onPlay: async (values) => toDrawOutcome(await api.draw({
      campaign_id: info.data.id, language, website: values.website,
      ...(values.email ? { email: values.email } : {}), ...(values.phone ? { phone: values.phone } : {}),
    })),
  });
}

/** Shows every draw the page names, once its markup is there. */
export function showDraws(ctx: Context) {
  const run = () => {
    for (const { id, place } of drawsOnPage(document, location.search)) {
      showDraw(id, place, ctx).catch(() => undefined);
    }
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
  else run();
}
