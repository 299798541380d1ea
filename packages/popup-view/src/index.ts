/**
 * Draws a pop-up from the contract's `PopupContent` into a shadow root, with no dependencies, so
 * the storefront script and the admin's live preview run the same code. Imports of the contract
 * are type-only: the storefront bundle carries no zod.
 *
 * STUB: the interface is agreed; the drawing is being written.
 */
import type { PopupContent, ShopperLanguage } from '@storecast/contract';

export interface RevealedCoupon {
  code: string;
  discount: number;
  description: string;
}

export interface SignUpValues {
  email?: string;
  phone?: string;
  consent: boolean;
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
  /**
   * Preview: drawn inside its host (absolute, not fixed), no focus trap, no page scroll lock,
   * so the admin can show it in a frame of a chosen width.
   */
  preview?: boolean;
  onSubmit?: (values: SignUpValues) => Promise<SubmitResult>;
  onClose?: () => void;
}

export interface PopupHandle {
  update(options: Partial<PopupViewOptions>): void;
  unmount(): void;
}

export function mountPopup(host: HTMLElement, options: PopupViewOptions): PopupHandle {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const texts = options.content.texts[options.language];
  root.textContent = texts.title;
  return {
    update() {},
    unmount() { root.textContent = ''; },
  };
}
