import type { EmailStyle } from '@storecast/contract';
import type { EmailLocale } from './fixed-texts.ts';

export interface RenderContext {
  /** The store's e-mail style. */
  style: EmailStyle;
  /**
   * `address`: the store's postal address (lines separated by \n). Every footer prints the
   * store's name and this address whatever its own text says, as CAN-SPAM and the providers'
   * bulk-sender rules ask; a footer block's own `address` only stands in while the store has none.
   */
  store: { name: string; homepageUrl: string; address?: string };
  /** Language of the texts the renderer writes itself (footer "Unsubscribe", coupon label…). */
  locale: EmailLocale;
  /** May contain {{field|fallback}}. */
  subject: string;
  /** Inbox preview text, hidden in the body; may contain {{field|fallback}}. */
  preheader: string;
  /** Appended to every http(s) link of the content. */
  utm?: { source: string; medium: string; campaign: string };
  /** Catalogue products the content's product blocks name, by the store's product id. */
  products?: ReadonlyMap<string, ProductView>;
  /** The shopper's own product (a `product` block without id): an Element Send compiles once per product. */
  matchedProduct?: ProductView | null;
}

/** A catalogue product as an e-mail shows it; prices already formatted in the store's currency. */
export interface ProductView {
  id: string;
  title: string;
  image: string | null;
  url: string;
  price: string;
  compareAtPrice: string | null;
}

export interface Recipient {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  phone?: string | null;
}

export interface LinkHooks {
  /** The visible unsubscribe link in the footer. */
  unsubscribeUrl: string;
  /** 1x1 image appended at the end of the body, or none. */
  openPixelUrl: string | null;
  /** Tracked URL for content link number `index` (see CompiledEmail.links). */
  linkUrl: (index: number) => string;
}

export interface PersonalizedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface CompiledEmail {
  /** Distinct destination URLs of the content (UTM applied), in order; index = position. */
  links: string[];
  /** HTML size personalised with sample values. */
  sizeBytes: number;
  /**
   * Message keys: 'errors.content.tooLarge' when over Gmail's 102 KB clipping (its message takes
   * {{size}}: Math.ceil(sizeBytes / 1024)), 'errors.content.unknownField' for a {{field}} typo,
   * 'errors.content.productMissing' for a product block whose product is not in the catalogue and
   * 'errors.content.matchedProductOutsideElement' for a shopper's-product block with no shopper's product.
   */
  warnings: string[];
  /**
   * The parameters of those warnings that take any, by key: 'errors.content.productMissing' takes
   * {{id}} (the missing product ids, comma-separated).
   */
  warningParams?: Record<string, Record<string, string>>;
  personalize(recipient: Recipient, hooks: LinkHooks): PersonalizedEmail;
}
