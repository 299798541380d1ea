import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ITEM_PX } from './draw-styles.ts';
import { type DrawInfo, type DrawOutcome, gridRing, mountDraw, pointedSegment, sliceLabel, sliceShades, wheelRotation } from './draw-view.ts';

const prizes = (n: number): DrawInfo['prizes'] => Array.from({ length: n }, (_, i) => (
  i === n - 1 ? { id: `p${i}`, kind: 'none' as const, label: 'Thanks for playing' } : { id: `p${i}`, kind: 'coupon' as const, label: `Prize ${i}` }
));

const info = (form: string, n = 6, identity: DrawInfo['identity'] = 'email'): DrawInfo => ({
  id: 'c1', name: 'Spring draw', form, identity, theme_color: '#aa2200', font_color: '#ffffff', banner_url: '', prizes: prizes(n),
});

function mount(drawInfo: DrawInfo, outcome: DrawOutcome | (() => Promise<DrawOutcome>), language: 'en-US' | 'zh-CN' = 'en-US') {
  const host = document.createElement('div');
  document.body.append(host);
  const onPlay = vi.fn(typeof outcome === 'function' ? outcome : () => Promise.resolve(outcome));
  mountDraw(host, { info: drawInfo, language, onPlay });
  const root = host.shadowRoot!;
  const play = async (email = 'ann@example.com') => {
    const input = root.querySelector<HTMLInputElement>('input[name=email],input[name=phone]');
    if (input) input.value = email;
    root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    // The answer, then the board.
    await vi.advanceTimersByTimeAsync(0);
  };
  return { root, onPlay, play };
}

const won = (drawInfo: DrawInfo, index: number): DrawOutcome => ({ ok: true, prize: drawInfo.prizes[index]!, coupon: null });
const degrees = (el: HTMLElement) => Number(/rotate\((-?[\d.]+)deg\)/.exec(el.style.transform)?.[1]);
const offset = (el: HTMLElement) => -Number(/translateY\((-?[\d.]+)px\)/.exec(el.style.transform)?.[1]);

let reduced = false;
beforeEach(() => {
  reduced = false;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'Date'] });
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: reduced && q.includes('reduce'), media: q }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('where the boards stop', () => {
  it('the wheel stops with the middle of the chosen slice under the pointer, for every slice and size', () => {
    for (let n = 2; n <= 12; n++) {
      for (let i = 0; i < n; i++) {
        const r = wheelRotation(i, n);
        expect(pointedSegment(r, n), `${i} of ${n}`).toBe(i);
        // Half a slice either way is still the same prize: the middle, not an edge.
        expect(pointedSegment(r + 180 / n - 0.01, n)).toBe(i);
        expect(pointedSegment(r - 180 / n + 0.01, n)).toBe(i);
      }
    }
  });

  it('no two neighbouring slices of the wheel share a shade, the last and the first included', () => {
    for (let n = 2; n <= 12; n++) {
      const shades = sliceShades(n);
      shades.forEach((shade, i) => expect(shade, `${i} of ${n}`).not.toBe(shades[(i + 1) % n]));
    }
    expect(sliceShades(3)).toEqual(['theme', 'alt', 'tint']);
    expect(sliceShades(4)).toEqual(['theme', 'alt', 'theme', 'alt']);
  });

  it('every wheel label lies in its own slice and none stands upside down at rest', () => {
    const rad = (deg: number) => (deg * Math.PI) / 180;
    for (let n = 1; n <= 12; n++) {
      for (let i = 0; i < n; i++) {
        const { flip, degrees } = sliceLabel(i, n);
        // The text runs along the label's rotated x axis; a flipped label lies on the hub's other side of its origin.
        const reading = [Math.cos(rad(degrees)), Math.sin(rad(degrees))];
        const outwards = flip ? [-reading[0]!, -reading[1]!] : reading;
        const middle = rad((i + 0.5) * (360 / n));
        expect(outwards[0], `${i} of ${n}`).toBeCloseTo(Math.sin(middle));
        expect(outwards[1], `${i} of ${n}`).toBeCloseTo(-Math.cos(middle));
        // Read left to right, or straight up or down where the slice is vertical.
        expect(reading[0], `${i} of ${n}`).toBeGreaterThan(-1e-9);
      }
    }
    expect(sliceLabel(4, 6)).toEqual({ flip: true, degrees: 0 });
  });

  it('the grid ring goes round the edge once, clockwise', () => {
    expect(gridRing(3)).toEqual([[1, 1], [1, 2], [1, 3], [2, 3], [3, 3], [3, 2], [3, 1], [2, 1]]);
    expect(new Set(gridRing(4).map(String)).size).toBe(12);
  });
});

describe('mountDraw', () => {
  for (const index of [0, 3, 5]) {
    it(`the spin wheel lands on the server's prize ${index}, turning smoothly`, async () => {
      const drawInfo = info('spin_wheel');
      const { root, play } = mount(drawInfo, won(drawInfo, index));
      const disc = root.querySelector<HTMLElement>('.disc')!;
      expect(root.querySelectorAll('.seg')).toHaveLength(6);
      await play();
      await vi.advanceTimersByTimeAsync(1000);
      const midway = degrees(disc);
      expect(midway).toBeGreaterThan(0);
      expect(midway).toBeLessThan(wheelRotation(index, 6));
      expect(root.querySelector('.result')!.textContent).toBe('');
      await vi.advanceTimersByTimeAsync(4000);
      // The slice under the pointer at the top, read back from the drawn rotation: slice i spans [i, i + 1) × 60° clockwise.
      const turned = ((degrees(disc) % 360) + 360) % 360;
      expect(Math.floor(((360 - turned) % 360) / 60)).toBe(index);
      expect(root.querySelectorAll('.seg')[index]!.textContent).toBe(drawInfo.prizes[index]!.label);
      const expected = index === 5 ? 'No prize this time' : `You won: Prize ${index}`;
      expect(root.querySelector('.result .headline')!.textContent).toBe(expected);
    });
  }

  for (const n of [4, 6, 10]) {
    it(`the nine-grid lights the server's prize at the end of its run (${n} prizes)`, async () => {
      const drawInfo = info('nine_grid', n);
      const index = n - 2;
      const { root, play } = mount(drawInfo, won(drawInfo, index));
      expect(root.querySelectorAll('.cell')).toHaveLength(n > 8 ? 12 : 8);
      // The play button sits in the middle of the grid.
      expect(root.querySelector('.grid .play')).not.toBeNull();
      await play();
      await vi.advanceTimersByTimeAsync(500);
      expect(root.querySelectorAll('.cell.on')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(4000);
      const lit = root.querySelectorAll<HTMLElement>('.cell.on');
      expect(lit).toHaveLength(1);
      expect(lit[0]!.textContent).toBe(`Prize ${index}`);
      expect(lit[0]!.getAttribute('aria-current')).toBe('true');
      expect(root.querySelector('.result .headline')!.textContent).toBe(`You won: Prize ${index}`);
    });
  }

  for (const index of [0, 2, 4]) {
    it(`the slot machine's three reels stop on the server's prize ${index}`, async () => {
      const drawInfo = info('slot_machine', 5, 'visitor');
      const { root, play, onPlay } = mount(drawInfo, won(drawInfo, index));
      // A draw counted by visitor asks for nothing.
      expect(root.querySelector('input[name=email],input[name=phone]')).toBeNull();
      await play();
      expect(onPlay).toHaveBeenCalledWith({ website: '' });
      await vi.advanceTimersByTimeAsync(2000);
      const strips = [...root.querySelectorAll<HTMLElement>('.strip')];
      expect(strips).toHaveLength(3);
      const early = strips.map(offset);
      await vi.advanceTimersByTimeAsync(3000);
      for (const [r, strip] of strips.entries()) {
        const line = offset(strip) / ITEM_PX;
        expect(Number.isInteger(line)).toBe(true);
        expect(offset(strip)).toBeGreaterThan(early[r]!);
        expect(strip.children[line]!.textContent).toBe(drawInfo.prizes[index]!.label);
      }
    });
  }

  it('with reduced motion the board shows where it stops at once, without animation frames', async () => {
    reduced = true;
    const frames = vi.spyOn(globalThis, 'requestAnimationFrame');
    for (const form of ['spin_wheel', 'nine_grid', 'slot_machine']) {
      const drawInfo = info(form);
      const { root, play } = mount(drawInfo, won(drawInfo, 2));
      await play();
      expect(root.querySelector('.result .headline')!.textContent, form).toBe('You won: Prize 2');
      if (form === 'spin_wheel') expect(degrees(root.querySelector<HTMLElement>('.disc')!)).toBe(wheelRotation(2, 6));
      if (form === 'nine_grid') expect(root.querySelector('.cell.on')!.textContent).toBe('Prize 2');
      if (form === 'slot_machine') {
        for (const strip of root.querySelectorAll<HTMLElement>('.strip')) expect(strip.children[offset(strip) / ITEM_PX]!.textContent).toBe('Prize 2');
      }
    }
    expect(frames).not.toHaveBeenCalled();
  });

  it('shows the won coupon code', async () => {
    reduced = true;
    const drawInfo = info('spin_wheel');
    const { root, play } = mount(drawInfo, { ok: true, prize: drawInfo.prizes[1]!, coupon: { code: 'SPRING-ABCD2345', discount: 10, description: '10% off' } });
    await play();
    expect(root.querySelector('.coupon code')!.textContent).toBe('SPRING-ABCD2345');
    expect(root.querySelector('.play')!.hasAttribute('disabled')).toBe(true);
  });

  it('shows the server\'s refusal in the shopper\'s language and lets the shopper try again; the board stays', async () => {
    const drawInfo = info('spin_wheel');
    const { root, play, onPlay } = mount(drawInfo, { ok: false, errors: { form: '你已经参加过这个抽奖了。' } }, 'zh-CN');
    await play();
    await vi.advanceTimersByTimeAsync(5000);
    const alerts = [...root.querySelectorAll('[role=alert]')].map((el) => el.textContent);
    expect(alerts).toContain('你已经参加过这个抽奖了。');
    expect(root.querySelector<HTMLElement>('.disc')!.style.transform).toBe('');
    expect(root.querySelector('.result')!.textContent).toBe('');
    const button = root.querySelector<HTMLButtonElement>('.play')!;
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe('开始抽奖');
    expect(onPlay).toHaveBeenCalledTimes(1);
  });

  it('marks the identity field with the server\'s message about it, and asks for it before calling', async () => {
    const drawInfo = info('nine_grid', 6, 'phone');
    const { root, play, onPlay } = mount(drawInfo, { ok: false, errors: { phone: 'Enter a valid phone number.' } });
    await play('');
    expect(onPlay).not.toHaveBeenCalled();
    expect(root.querySelector('#' + root.querySelector('input[name=phone]')!.getAttribute('aria-describedby'))!.textContent)
      .toBe('Enter your phone number');
    await play('12');
    expect(onPlay).toHaveBeenCalledWith({ website: '', phone: '12' });
    const input = root.querySelector('input[name=phone]')!;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(root.querySelector('#' + input.getAttribute('aria-describedby'))!.textContent).toBe('Enter a valid phone number.');
  });

  it('a network failure is said in the shopper\'s language', async () => {
    const { root, play } = mount(info('slot_machine'), () => Promise.reject(new Error('offline')), 'zh-CN');
    await play();
    expect([...root.querySelectorAll('[role=alert]')].map((el) => el.textContent)).toContain('出错了，请稍后重试。');
  });

  it('a "no prize" the draw has no slot for is said without moving the board', async () => {
    const drawInfo = info('spin_wheel');
    const { root, play } = mount(drawInfo, { ok: true, prize: { id: '', kind: 'none', label: 'Thanks for playing' }, coupon: null });
    await play();
    expect(root.querySelector('.result .headline')!.textContent).toBe('No prize this time');
    expect(root.querySelector<HTMLElement>('.disc')!.style.transform).toBe('');
  });
});
