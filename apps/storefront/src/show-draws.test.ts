import type { DrawInfo } from '@storecast/popup-view';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPublicApi, type Envelope, type PublicApi } from './public-api.ts';
import { drawsOnPage, showDraw, toDrawOutcome } from './show-draws.ts';

const ID = '4f1c2a9e-8b7d-4c3e-9a1b-2d3e4f5a6b7c';
const info: DrawInfo = {
  id: ID, name: '幸运大转盘', form: 'nine_grid', identity: 'email', theme_color: '#aa2200', font_color: '#ffffff', banner_url: '',
  prizes: [
    { id: 'a', kind: 'coupon', label: '九折券' }, { id: 'b', kind: 'gift', label: '帆布袋' }, { id: 'c', kind: 'none', label: '谢谢参与' },
  ],
};
const ok = <T>(data: T): Envelope<T> => ({ code: 100, msg: '成功', data });

function fakeApi(draw: Envelope<unknown>, drawInfo: Envelope<unknown> = ok(info)) {
  return {
    drawInfo: vi.fn(() => Promise.resolve(drawInfo)),
    draw: vi.fn(() => Promise.resolve(draw)),
  } as unknown as Pick<PublicApi, 'drawInfo' | 'draw'> & { draw: ReturnType<typeof vi.fn> };
}

async function playIn(root: ShadowRoot, email: string) {
  root.querySelector<HTMLInputElement>('input[name=email]')!.value = email;
  root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'performance', 'Date'] });
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce'), media: q }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('drawsOnPage', () => {
  it('finds the placed elements in page order, then the link\'s draw, each campaign once', () => {
    document.body.innerHTML = `<div data-storecast-draw="${ID}"></div><p data-storecast-draw=" b "></p><div data-storecast-draw=""></div>`;
    const found = drawsOnPage(document, `?utm_source=mail&storecast_draw=${ID}`);
    expect(found.map((d) => [d.id, d.place?.tagName ?? null])).toEqual([[ID, 'DIV'], ['b', 'P']]);
    expect(drawsOnPage(document, '?storecast_draw=other').at(-1)).toEqual({ id: 'other', place: null });
  });
});

describe('toDrawOutcome', () => {
  it('passes the prize, a field message, or the server\'s sentence (already drawn, ended, rate-limited)', () => {
    expect(toDrawOutcome(ok({ prize: info.prizes[0]!, coupon: null }))).toEqual({ ok: true, prize: info.prizes[0], coupon: null });
    expect(toDrawOutcome({ code: 103, msg: '参数错误', data: { fields: { email: '请输入有效的邮箱地址' } } }))
      .toEqual({ ok: false, errors: { email: '请输入有效的邮箱地址' } });
    for (const msg of ['你已经参加过这个抽奖了。', '这个活动没有在进行。', '请求过于频繁，请稍后再试。']) {
      expect(toDrawOutcome({ code: 1, msg, data: null })).toEqual({ ok: false, errors: { form: msg } });
    }
  });
});

describe('showDraw', () => {
  it('draws inside the shop\'s element in a shadow root of its own, and lands on the server\'s prize', async () => {
    document.body.innerHTML = '<div id="spot"><span>shop text</span></div>';
    const spot = document.getElementById('spot')!;
    const api = fakeApi(ok({ prize: info.prizes[1]!, coupon: null }));
    await showDraw(ID, spot, { api, language: 'zh-CN' });
    expect(api.drawInfo).toHaveBeenCalledWith(ID);
    expect(spot.querySelector('span')!.textContent).toBe('shop text');
    const root = spot.querySelector('storecast-draw')!.shadowRoot!;
    expect(root.querySelector('[role=dialog]')).toBeNull();
    expect([...root.querySelectorAll('.cell')].slice(0, 3).map((c) => c.textContent)).toEqual(['九折券', '帆布袋', '谢谢参与']);
    await playIn(root, 'ann@example.com');
    expect(api.draw).toHaveBeenCalledWith({ campaign_id: ID, language: 'zh-CN', website: '', email: 'ann@example.com' });
    expect(root.querySelector('.cell.on')!.textContent).toBe('帆布袋');
    expect(root.querySelector('.result .headline')!.textContent).toBe('恭喜你获得：帆布袋');
  });

  it('opens over the page for a link, shows the server\'s refusal, and closes', async () => {
    const api = fakeApi({ code: 1, msg: 'You have already played this draw.', data: null });
    await showDraw(ID, null, { api, language: 'en-US' });
    const host = document.querySelector('storecast-draw')!;
    const root = host.shadowRoot!;
    expect(root.querySelector('[role=dialog]')!.getAttribute('aria-modal')).toBe('true');
    // The field has the focus, and Tab stays within the draw.
    expect(root.activeElement?.getAttribute('name')).toBe('email');
    // The grid's play button comes before the field; the field is the last stop.
    root.querySelector<HTMLInputElement>('input[name=email]')!.focus();
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    document.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(true);
    expect(root.activeElement?.className).toBe('close');
    await playIn(root, 'ann@example.com');
    expect([...root.querySelectorAll('[role=alert]')].map((el) => el.textContent)).toContain('You have already played this draw.');
    root.querySelector<HTMLButtonElement>('button.close')!.click();
    expect(document.querySelector('storecast-draw')).toBeNull();
  });

  it('shows nothing for a campaign that is not running', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi(ok(null), { code: 1, msg: 'This campaign is not running.', data: null });
    await showDraw(ID, null, { api, language: 'en-US' });
    expect(document.querySelector('storecast-draw')).toBeNull();
    expect(warn).toHaveBeenCalledWith('storecast: This campaign is not running.');
  });
});

describe('the draw routes from the shop\'s origin', () => {
  it('names the store by its public key, asks in the shopper\'s language and posts text/plain JSON without cookies', async () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response(JSON.stringify(ok(info)))));
    vi.stubGlobal('fetch', fetchMock);
    const api = createPublicApi('https://app.example.com', 'pk_abc', 'v'.repeat(22), 'zh-CN');
    await api.drawInfo(ID);
    const [infoUrl, infoInit] = fetchMock.mock.calls[0]!;
    expect(infoUrl).toBe(`https://app.example.com/api/public/campaign/draw-info?key=pk_abc&campaign_id=${ID}&language=zh-CN`);
    expect(infoInit).toMatchObject({ credentials: 'omit', headers: { 'accept-language': 'zh-CN' } });
    await api.draw({ campaign_id: ID, email: 'ann@example.com' });
    const [drawUrl, drawInit] = fetchMock.mock.calls[1]!;
    expect(drawUrl).toBe('https://app.example.com/api/public/campaign/draw');
    expect(drawInit).toMatchObject({ method: 'POST', credentials: 'omit', headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    expect(JSON.parse(drawInit!.body as string)).toEqual({ key: 'pk_abc', visitor_id: 'v'.repeat(22), campaign_id: ID, email: 'ann@example.com' });
    await api.config();
    expect(fetchMock.mock.calls[2]![0]).toBe(`https://app.example.com/api/public/storefront/config?key=pk_abc&visitor_id=${'v'.repeat(22)}`);
  });
});
