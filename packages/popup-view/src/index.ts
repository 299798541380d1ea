/**
 * Draws a pop-up from the contract's `PopupContent` into a shadow root, with no dependencies, so
 * the storefront script and the admin's live preview run the same code. Imports of the contract
 * are type-only: the storefront bundle carries no zod.
 */
import type { PopupContent, ShopperLanguage } from '@storecast/contract';
import { checkSignUp, type FieldName } from './check-sign-up.ts';
import { type MessageKey, POPUP_MESSAGES } from './messages.ts';
import { popupCss } from './popup-styles.ts';
import { h } from './make-element.ts';
import { applyCss, cycleTab } from './shadow-root.ts';

export { POPUP_MESSAGES, pickShopperLanguage, type MessageKey } from './messages.ts';
export { checkSignUp } from './check-sign-up.ts';
export {
  mountDraw, pointedSegment, wheelRotation, gridRing, gridSide,
  type DrawHandle, type DrawInfo, type DrawOutcome, type DrawPrize, type DrawValues, type DrawViewOptions,
} from './draw-view.ts';

export interface RevealedCoupon {
  code: string;
  discount: number;
  description: string;
}

export interface SignUpValues {
  email?: string;
  phone?: string;
  consent: boolean;
  /** The honeypot field, hidden from people; a bot that fills it is answered alike and kept out. */
  website?: string;
}

/** What a submit ends in: the success view (with the coupon), or messages per field. */
export type SubmitResult =
  | { ok: true; status: 'subscribed' | 'confirm'; coupon: RevealedCoupon | null }
  | { ok: false; errors: Partial<Record<'email' | 'phone' | 'consent' | 'form', string>> };

export interface PopupViewOptions {
  content: PopupContent;
  language: ShopperLanguage;
  /** Which view to draw; the storefront starts at 'form', the admin preview may show either. */
  view?: 'form' | 'success';
  /** Shown on the success view (the preview passes a sample). */
  coupon?: RevealedCoupon | null;
  /** Success view: 'confirm' asks the shopper to click the link of the confirmation mail. */
  status?: 'subscribed' | 'confirm';
  /**
   * Preview: drawn inside its host (absolute, not fixed), no focus trap, no focus taken, so the
   * admin can show it in a frame of a chosen size. The host is the page: give it a width and a
   * height (at least 320 px); narrow hosts get the phone layout, as the rules follow its width.
   */
  preview?: boolean;
  onSubmit?: (values: SignUpValues) => Promise<SubmitResult>;
  onClose?: () => void;
}

export interface PopupHandle {
  update(options: Partial<PopupViewOptions>): void;
  unmount(): void;
}

const FOCUSABLE = 'button:not([disabled]),input:not([disabled]):not([tabindex="-1"]),[href],[tabindex]:not([tabindex="-1"])';

let mounted = 0;

export function mountPopup(host: HTMLElement, options: PopupViewOptions): PopupHandle {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const uid = `sc${++mounted}`;
  const styleEl = { el: null as HTMLStyleElement | null };
  let opts: PopupViewOptions = { view: 'form', coupon: null, status: 'subscribed', ...options };
  let container: HTMLElement | null = null;
  let errors: Partial<Record<FieldName, string>> = {};
  const values: SignUpValues = { email: '', phone: '', consent: false, website: '' };
  let busy = false;
  let copied = false;
  let alive = true;
  const returnFocus = !opts.preview && document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const msg = (key: MessageKey) => POPUP_MESSAGES[opts.language][key];
  const modal = () => opts.content.layout === 'center' || opts.content.layout === 'fullscreen';

  const close = () => {
    if (!opts.preview) handle.unmount();
    opts.onClose?.();
  };

  const onKey = (e: KeyboardEvent) => {
    if (!alive || opts.preview) return;
    if (e.key === 'Escape') {
      e.stopPropagation();
      close();
      return;
    }
    // The focus trap of the modal layouts: Tab cycles within the dialog.
    if (e.key === 'Tab' && modal() && container) {
      cycleTab(e, [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('.hp')), root);
    }
  };

  const field = (name: 'email' | 'phone', content: PopupContent) => {
    const texts = content.texts[opts.language];
    const id = `${uid}-${name}`;
    const error = errors[name];
    const input = h('input', {
      id, name, type: name === 'email' ? 'email' : 'tel', autocomplete: name === 'email' ? 'email' : 'tel',
      inputmode: name === 'email' ? 'email' : 'tel',
      placeholder: (name === 'email' ? texts.email_placeholder : texts.phone_placeholder) || msg(name === 'email' ? 'emailPlaceholder' : 'phonePlaceholder'),
      'aria-invalid': error ? 'true' : undefined, 'aria-describedby': error ? `${id}-error` : undefined,
    }) as HTMLInputElement;
    input.value = values[name] ?? '';
    input.addEventListener('input', () => { values[name] = input.value; });
    return h('div', { class: 'field' },
      h('label', { class: 'name', for: id }, msg(name === 'email' ? 'emailLabel' : 'phoneLabel')),
      input,
      h('p', { class: 'error', id: `${id}-error`, role: 'alert' }, error ?? ''));
  };

  const submit = async () => {
    if (busy) return;
    const found = checkSignUp(opts.content.fields, values);
    errors = Object.fromEntries(Object.entries(found).map(([k, v]) => [k, msg(v)]));
    if (Object.keys(errors).length) {
      render();
      focusFirstError();
      return;
    }
    if (!opts.onSubmit) return;
    busy = true;
    render();
    let result: SubmitResult;
    try {
      result = await opts.onSubmit({ ...values, email: values.email?.trim(), phone: values.phone?.trim() });
    } catch {
      result = { ok: false, errors: { form: msg('failed') } };
    }
    busy = false;
    if (!alive) return;
    if (result.ok) {
      opts = { ...opts, view: 'success', coupon: result.coupon, status: result.status };
      errors = {};
      render();
      container?.querySelector<HTMLElement>('h2')?.focus();
    } else {
      errors = result.errors;
      render();
      focusFirstError();
    }
  };

  const focusFirstError = () => {
    container?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus();
  };

  const formView = (content: PopupContent) => {
    const texts = content.texts[opts.language];
    const consentId = `${uid}-consent`;
    const consentBox = h('input', {
      id: consentId, type: 'checkbox', name: 'consent',
      'aria-invalid': errors.consent ? 'true' : undefined, 'aria-describedby': errors.consent ? `${consentId}-error` : undefined,
    }) as HTMLInputElement;
    consentBox.checked = values.consent;
    consentBox.addEventListener('change', () => { values.consent = consentBox.checked; });
    const honeypot = h('input', { id: `${uid}-website`, name: 'website', type: 'text', tabindex: '-1', autocomplete: 'off' }) as HTMLInputElement;
    honeypot.addEventListener('input', () => { values.website = honeypot.value; });
    const inputs = [
      content.fields !== 'phone' && field('email', content),
      content.fields !== 'email' && field('phone', content),
    ];
    const button = h('button', { class: 'primary', type: 'submit', id: `${uid}-submit`, disabled: busy, 'aria-busy': busy ? 'true' : undefined }, busy ? msg('sending') : texts.button);
    const form = h('form', { novalidate: true },
      content.layout === 'bar' ? h('div', { class: 'row' }, ...inputs, button) : null,
      ...(content.layout === 'bar' ? [] : inputs),
      h('div', { class: 'hp', 'aria-hidden': 'true' }, h('label', { for: `${uid}-website` }, msg('honeypot')), honeypot),
      h('div', {},
        h('div', { class: 'consent' }, consentBox, h('label', { for: consentId }, texts.consent)),
        h('p', { class: 'error', id: `${consentId}-error`, role: 'alert' }, errors.consent ?? '')),
      h('p', { class: 'error', role: 'alert' }, errors.form ?? ''),
      content.layout === 'bar' ? null : button);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void submit();
    });
    return [
      h('div', { class: 'text' },
        h('h2', { id: `${uid}-title`, tabindex: '-1' }, texts.title),
        texts.body ? h('p', { class: 'lead', id: `${uid}-body` }, texts.body) : null),
      form,
    ];
  };

  const successView = (content: PopupContent) => {
    const texts = content.texts[opts.language];
    const coupon = opts.coupon;
    let couponBox: HTMLElement | null = null;
    if (coupon && opts.status !== 'confirm') {
      // The pop-up's line in the shopper's language; else the preset's description as its owner wrote it.
      const note = texts.coupon_note || coupon.description;
      const copy = h('button', { type: 'button', id: `${uid}-copy` }, copied ? msg('copied') : msg('copy'));
      const code = h('code', {}, coupon.code);
      // Without the clipboard (a shop on plain http), the code is selected for the shopper to copy.
      const select = () => getSelection()?.selectAllChildren(code);
      copy.addEventListener('click', () => {
        if (!navigator.clipboard) return select();
        navigator.clipboard.writeText(coupon.code).then(() => {
          copied = true;
          render();
        }, select);
      });
      couponBox = h('div', {},
        h('p', { class: 'small', id: `${uid}-coupon` }, msg('couponLabel')),
        h('div', { class: 'coupon', role: 'group', 'aria-labelledby': `${uid}-coupon` }, code, copy),
        note ? h('p', { class: 'small' }, note) : null);
    }
    const done = h('button', { class: 'primary', type: 'button' }, msg('done'));
    done.addEventListener('click', close);
    return [
      h('div', { class: 'text' },
        h('h2', { id: `${uid}-title`, tabindex: '-1' }, texts.success_title),
        texts.success_body ? h('p', { class: 'lead', id: `${uid}-body` }, texts.success_body) : null,
        opts.status === 'confirm' ? h('p', { class: 'lead', role: 'status' }, msg('confirm')) : null),
      couponBox,
      done,
    ];
  };

  function render() {
    if (!alive) return;
    const content = opts.content;
    applyCss(root, popupCss(content, !!opts.preview), styleEl);
    const layout = content.layout;
    const hasImage = content.image_position !== 'none' && !!content.image_url;
    const wide = hasImage && content.image_position === 'left' && (layout === 'center' || layout === 'fullscreen');
    const hadFocus = root.activeElement instanceof HTMLElement && root.activeElement.id ? root.activeElement.id : null;
    const closeBtn = h('button', { class: 'close', type: 'button', id: `${uid}-close`, 'aria-label': msg('close'), title: msg('close') }, '×');
    closeBtn.addEventListener('click', close);
    const hasBody = !!content.texts[opts.language][opts.view === 'success' ? 'success_body' : 'body'];
    const dialog = h('div', {
      // Only the first drawing slides in: a redraw (errors, success) must not replay it.
      class: `dialog${wide ? ' wide' : ''}${hasImage && !wide ? ' top' : ''}${container || opts.preview ? '' : ' enter'}`,
      role: 'dialog', 'aria-modal': modal() ? 'true' : 'false', 'aria-labelledby': `${uid}-title`,
      'aria-describedby': hasBody ? `${uid}-body` : undefined,
      lang: opts.language,
    },
    closeBtn,
    hasImage && layout !== 'bar' ? h('div', { class: 'media' }, h('img', { src: content.image_url, alt: '' })) : null,
    h('div', { class: 'body' }, ...(opts.view === 'success' ? successView(content) : formView(content))));
    const cls = { center: 'backdrop', fullscreen: 'full', corner: 'corner passive', bar: 'bar passive' }[layout] ?? 'backdrop';
    const overlay = h('div', { class: `overlay ${cls}` }, dialog);
    overlay.addEventListener('mousedown', (e) => {
      // A click on the dimmed page beside a centred pop-up closes it, as people expect.
      if (e.target === overlay && layout === 'center') close();
    });
    if (container) container.replaceWith(overlay);
    else root.append(overlay);
    container = overlay;
    if (hadFocus) root.getElementById(hadFocus)?.focus();
  }

  const handle: PopupHandle = {
    update(next) {
      opts = { ...opts, ...next };
      render();
    },
    unmount() {
      if (!alive) return;
      alive = false;
      document.removeEventListener('keydown', onKey, true);
      container?.remove();
      styleEl.el?.remove();
      if ('adoptedStyleSheets' in root) root.adoptedStyleSheets = [];
      container = null;
      if (returnFocus?.isConnected) returnFocus.focus();
    },
  };

  render();
  if (!opts.preview) {
    document.addEventListener('keydown', onKey, true);
    // A modal pop-up takes the focus; a corner or bar one waits to be reached, as it blocks nothing.
    const drawn = container as HTMLElement | null;
    if (modal() && drawn) {
      const first = drawn.querySelector<HTMLElement>('input:not([tabindex="-1"])') ?? drawn.querySelector<HTMLElement>('button');
      first?.focus({ preventScroll: true });
    }
  }
  return handle;
}
