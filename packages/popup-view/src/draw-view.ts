/**
 * Draws a store's lucky draw into a shadow root: a spin wheel, a nine-grid or a slot machine by
 * the campaign's form. The prize is chosen by the server; this only shows the board landing on
 * it. The shopper's identity field, the play button and the result (the prize, its coupon code,
 * or the server's refusal in the shopper's language) sit under the board.
 */
import type { ShopperLanguage } from '@storecast/contract';
import { drawCss, ITEM_PX } from './draw-styles.ts';
import { type MessageKey, POPUP_MESSAGES } from './messages.ts';
import { h } from './make-element.ts';
import { applyCss, cycleTab } from './shadow-root.ts';

export interface DrawPrize {
  id: string;
  kind: 'coupon' | 'gift' | 'none';
  label: string;
}

/** The draw as `GET /public/campaign/draw-info` answers it, in the shopper's language. */
export interface DrawInfo {
  id: string;
  name: string;
  form: string;
  identity: 'email' | 'phone' | 'visitor';
  theme_color: string;
  font_color: string;
  banner_url: string;
  prizes: DrawPrize[];
}

export interface DrawValues {
  email?: string;
  phone?: string;
  /** The honeypot, hidden from people. */
  website: string;
}

/** What a play ends in: the server's prize, or its refusal (a field's message, or the form's). */
export type DrawOutcome =
  | { ok: true; prize: DrawPrize; coupon: { code: string; discount: number; description: string } | null }
  | { ok: false; errors: Partial<Record<'email' | 'phone' | 'form', string>> };

export interface DrawViewOptions {
  info: DrawInfo;
  language: ShopperLanguage;
  /** Over the page with a close button (a link named the draw), or inside its host (the page placed it). */
  modal?: boolean;
  onPlay: (values: DrawValues) => Promise<DrawOutcome>;
  onClose?: () => void;
}

export interface DrawHandle {
  unmount(): void;
}

// ---------------------------------------------------------------------------------------------
// Where each board stops. Pure, so the tests can check the landing against the server's prize.

/** Whole turns the wheel makes before it stops. */
const TURNS = 5;

/**
 * The wheel's final rotation (degrees, clockwise) that puts the middle of segment `index` under
 * the pointer at the top. Segment i covers [i, i + 1) × 360 / n clockwise from the top.
 */
export const wheelRotation = (index: number, n: number) => TURNS * 360 - (index + 0.5) * (360 / n);

/** The segment under the pointer for a rotation. */
export const pointedSegment = (rotation: number, n: number) => Math.floor((((-rotation % 360) + 360) % 360) / (360 / n)) % n;

/** The ring of a side × side grid, clockwise from the top-left corner, as [row, column] from 1. */
export function gridRing(side: number): [number, number][] {
  const ring: [number, number][] = [];
  for (let c = 1; c <= side; c++) ring.push([1, c]);
  for (let r = 2; r <= side; r++) ring.push([r, side]);
  for (let c = side - 1; c >= 1; c--) ring.push([side, c]);
  for (let r = side - 1; r >= 2; r--) ring.push([r, 1]);
  return ring;
}

/** Eight cells round the play button; a draw of more than eight prizes gets the twelve of a 4 × 4 grid. */
export const gridSide = (n: number) => (n > 8 ? 4 : 3);

/** Rounds the light makes round the grid, and the reels' spins (each reel one more than the last). */
const ROUNDS = 3;

const easeOut = (t: number) => 1 - (1 - t) ** 3;

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Runs `step(progress)` on animation frames for `ms`; with reduced motion (or no frames) the last step at once. */
function animate(ms: number, step: (p: number) => void, done: () => void) {
  if (prefersReducedMotion() || typeof requestAnimationFrame !== 'function') {
    step(1);
    done();
    return;
  }
  let start: number | null = null;
  const frame = (now: number) => {
    start ??= now;
    const p = Math.min(1, (now - start) / ms);
    step(p);
    if (p < 1) requestAnimationFrame(frame);
    else done();
  };
  requestAnimationFrame(frame);
}

interface Board {
  el: HTMLElement;
  /** Moves the board to the prize at `index` (of `info.prizes`), animated unless the shopper asked for less motion. */
  land(index: number, done: () => void): void;
}

export type SliceShade = 'theme' | 'alt' | 'tint';

/**
 * Each slice's shade, alternating round the wheel. With an odd number of prizes the last slice
 * would meet the first in the same shade, and the two would read as one slice holding two
 * prizes; it takes a third shade, a tint of the theme, instead.
 */
export function sliceShades(n: number): SliceShade[] {
  return Array.from({ length: n }, (_, i) => (i % 2 ? 'alt' : n % 2 === 1 && n > 1 && i === n - 1 ? 'tint' : 'theme'));
}

/**
 * Where slice `i`'s label lies: along the radius through the middle of its slice. On the right
 * half it reads outwards from the hub; on the left half it would then stand upside down, so it
 * reads inwards instead (a `flip` label runs from the rim to the hub), and every label at rest is
 * read without turning one's head past the vertical.
 */
export function sliceLabel(i: number, n: number): { flip: boolean; degrees: number } {
  const middle = (i + 0.5) * (360 / n);
  return middle > 180 ? { flip: true, degrees: middle - 270 } : { flip: false, degrees: middle - 90 };
}

function wheelBoard(prizes: DrawPrize[]): Board {
  const n = prizes.length;
  const seg = 360 / n;
  const shades = sliceShades(n);
  const disc = h('div', { class: 'disc' });
  prizes.forEach((p, i) => {
    const { flip, degrees } = sliceLabel(i, n);
    const label = h('span', { class: `seg${shades[i] === 'theme' ? '' : ` ${shades[i]}`}${flip ? ' flip' : ''}` }, p.label);
    label.style.transform = `rotate(${degrees}deg)`;
    disc.append(label);
  });
  // One conic slice per prize in its shade, the first starting at the top.
  const slices = prizes.map((_, i) => `var(--${shades[i]}) ${i * seg}deg ${(i + 1) * seg}deg`);
  disc.style.background = `conic-gradient(${slices.join(',')})`;
  const el = h('div', { class: 'wheel' }, h('div', { class: 'pointer' }), disc);
  return {
    el,
    land(index, done) {
      const to = wheelRotation(index, n);
      animate(4200, (p) => { disc.style.transform = `rotate(${(easeOut(p) * to).toFixed(2)}deg)`; }, done);
    },
  };
}

function gridBoard(prizes: DrawPrize[], play: HTMLElement): Board {
  const n = prizes.length;
  const side = gridSide(n);
  const ring = gridRing(side);
  // Positions are set through the style object, never a style attribute, which a shop's CSP may refuse.
  const cells = ring.map(([row, col], k) => {
    const cell = h('div', { class: 'cell', 'data-prize': String(k % n) }, prizes[k % n]!.label);
    cell.style.gridArea = `${row}/${col}`;
    return cell;
  });
  play.style.gridArea = `2/2/${side}/${side}`;
  const el = h('div', { class: 'grid' }, ...cells, play);
  el.style.gridTemplateColumns = `repeat(${side},1fr)`;
  let lit = -1;
  const light = (k: number) => {
    if (k === lit) return;
    cells[lit]?.classList.remove('on');
    cells[k]!.classList.add('on');
    lit = k;
  };
  return {
    el,
    land(index, done) {
      // The first cell holding the prize; with fewer than eight prizes each shows more than once.
      const target = cells.findIndex((c) => c.dataset.prize === String(index));
      const steps = ROUNDS * ring.length + target;
      animate(3600, (p) => light(Math.round(easeOut(p) * steps) % ring.length), () => {
        cells[target]!.setAttribute('aria-current', 'true');
        done();
      });
    },
  };
}

function reelsBoard(prizes: DrawPrize[]): Board {
  const n = prizes.length;
  const strips: HTMLElement[] = [];
  const reels = [0, 1, 2].map((r) => {
    // Enough copies of the prizes for the reel's spins and the stop.
    const strip = h('div', { class: 'strip' });
    for (let copy = 0; copy <= ROUNDS + r; copy++) for (const p of prizes) strip.append(h('div', { class: 'item' }, p.label));
    strips.push(strip);
    return h('div', { class: 'reel' }, strip);
  });
  return {
    el: h('div', { class: 'reels' }, ...reels),
    land(index, done) {
      // Each reel stops on the prize, one spin later than the one before it.
      const stops = strips.map((_, r) => ((ROUNDS + r) * n + index) * ITEM_PX);
      animate(3000 + 2 * 500, (p) => {
        strips.forEach((strip, r) => {
          const own = Math.min(1, (p * 4000) / (3000 + r * 500));
          strip.style.transform = `translateY(${-(easeOut(own) * stops[r]!).toFixed(1)}px)`;
        });
      }, done);
    },
  };
}

let mounted = 0;

export function mountDraw(host: HTMLElement, options: DrawViewOptions): DrawHandle {
  const { info, language, modal } = options;
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const uid = `scd${++mounted}`;
  const msg = (key: MessageKey) => POPUP_MESSAGES[language][key];
  const returnFocus = modal && document.activeElement instanceof HTMLElement ? document.activeElement : null;
  let alive = true;
  let busy = false;

  const play = h('button', { class: 'play', type: 'submit', form: `${uid}-form` }, msg('drawPlay')) as HTMLButtonElement;
  const board = info.form === 'nine_grid' ? gridBoard(info.prizes, play)
    : info.form === 'slot_machine' ? reelsBoard(info.prizes) : wheelBoard(info.prizes);
  board.el.setAttribute('role', 'img');
  board.el.setAttribute('aria-label', `${msg('drawPrizes')}: ${info.prizes.map((p) => p.label).join(', ')}`);

  const field = info.identity === 'visitor' ? null : info.identity;
  const input = field && h('input', {
    id: `${uid}-${field}`, name: field, type: field === 'email' ? 'email' : 'tel', autocomplete: field === 'email' ? 'email' : 'tel',
    placeholder: msg(field === 'email' ? 'emailPlaceholder' : 'phonePlaceholder'), 'aria-describedby': `${uid}-${field}-error`,
  }) as HTMLInputElement | null;
  const fieldError = h('p', { class: 'error', id: `${uid}-${field}-error`, role: 'alert' });
  const formError = h('p', { class: 'error', role: 'alert' });
  const honeypot = h('input', { name: 'website', type: 'text', tabindex: '-1', autocomplete: 'off', id: `${uid}-website` }) as HTMLInputElement;
  const result = h('div', { class: 'result', role: 'status' });
  const form = h('form', { id: `${uid}-form`, novalidate: true },
    field && input ? h('div', { class: 'field' }, h('label', { for: input.id }, msg(field === 'email' ? 'emailLabel' : 'phoneLabel')), input, fieldError) : null,
    h('div', { class: 'hp', 'aria-hidden': 'true' }, h('label', { for: honeypot.id }, msg('honeypot')), honeypot),
    formError,
    info.form === 'nine_grid' ? null : play);

  const close = () => {
    handle.unmount();
    options.onClose?.();
  };
  const closeBtn = modal && h('button', { class: 'close', type: 'button', 'aria-label': msg('close'), title: msg('close') }, '×');
  if (closeBtn) closeBtn.addEventListener('click', close);
  const panel = h('div', {
    class: 'panel', lang: language, role: modal ? 'dialog' : 'region', 'aria-modal': modal ? 'true' : undefined, 'aria-labelledby': `${uid}-title`,
  },
  closeBtn || null,
  info.banner_url ? h('img', { class: 'banner', src: info.banner_url, alt: '' }) : null,
  h('h2', { id: `${uid}-title` }, info.name),
  board.el, form, result);
  const top = modal ? h('div', { class: 'overlay' }, panel) : panel;
  root.append(top);
  const sheet = { el: null as HTMLStyleElement | null };
  applyCss(root, drawCss(info.theme_color, info.font_color, !!modal), sheet);

  const setErrors = (errors: Partial<Record<'email' | 'phone' | 'form', string>>) => {
    const own = field ? errors[field] : undefined;
    fieldError.textContent = own ?? '';
    input?.setAttribute('aria-invalid', own ? 'true' : 'false');
    // A message about the other identity (a phone typed where an e-mail is asked cannot happen) goes to the form.
    formError.textContent = errors.form ?? (field ? '' : errors.email ?? errors.phone ?? '');
    if (own) input?.focus();
  };

  const showResult = (outcome: Extract<DrawOutcome, { ok: true }>) => {
    const won = outcome.prize.kind !== 'none';
    const label = outcome.prize.label;
    result.append(h('p', { class: 'headline' }, won ? msg('drawWon').replace('{prize}', label) : msg('drawNone')));
    if (!won && label) result.append(h('p', { class: 'small' }, label));
    if (outcome.coupon) {
      const code = h('code', {}, outcome.coupon.code);
      const copy = h('button', { type: 'button' }, msg('copy'));
      copy.addEventListener('click', () => {
        const select = () => getSelection()?.selectAllChildren(code);
        if (!navigator.clipboard) return select();
        navigator.clipboard.writeText(outcome.coupon!.code).then(() => { copy.textContent = msg('copied'); }, select);
      });
      result.append(h('p', { class: 'small', id: `${uid}-coupon` }, msg('couponLabel')),
        h('div', { class: 'coupon', role: 'group', 'aria-labelledby': `${uid}-coupon` }, code, copy));
      if (outcome.coupon.description) result.append(h('p', { class: 'small' }, outcome.coupon.description));
    }
  };

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (busy || !alive) return;
    const value = input?.value.trim() ?? '';
    if (field && !value) {
      setErrors({ [field]: msg(field === 'email' ? 'emailRequired' : 'phoneRequired') });
      return;
    }
    busy = true;
    play.disabled = true;
    play.textContent = msg('drawing');
    setErrors({});
    const values: DrawValues = { website: honeypot.value, ...(field ? { [field]: value } : {}) };
    void options.onPlay(values).catch((): DrawOutcome => ({ ok: false, errors: { form: msg('failed') } })).then((outcome) => {
      if (!alive) return;
      if (!outcome.ok) {
        busy = false;
        play.disabled = false;
        play.textContent = msg('drawPlay');
        setErrors(outcome.errors);
        return;
      }
      // The board lands on the server's prize. A "no prize" the campaign has no slot for (a prize
      // that ran out, in a draw without a "no prize" entry) has nothing to land on: the result alone.
      const index = info.prizes.findIndex((p) => p.id === outcome.prize.id);
      const finish = () => {
        if (!alive) return;
        // One draw a period: the button stays off, in its own words.
        play.textContent = msg('drawPlay');
        showResult(outcome);
      };
      if (index < 0) finish();
      else board.land(index, finish);
    });
  });

  const onKey = (e: KeyboardEvent) => {
    if (!alive) return;
    if (e.key === 'Escape') {
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab') {
      // Over the page, Tab cycles within the draw, as in the pop-up.
      cycleTab(e, [...panel.querySelectorAll<HTMLElement>('button:not([disabled]),input:not([tabindex="-1"])')], root);
    }
  };
  if (modal) {
    document.addEventListener('keydown', onKey, true);
    (input ?? play).focus({ preventScroll: true });
  }

  const handle: DrawHandle = {
    unmount() {
      if (!alive) return;
      alive = false;
      document.removeEventListener('keydown', onKey, true);
      sheet.el?.remove();
      if ('adoptedStyleSheets' in root) root.adoptedStyleSheets = [];
      top.remove();
      if (returnFocus?.isConnected) returnFocus.focus();
    },
  };
  return handle;
}
