import { randomBytes } from 'node:crypto';
import { PERSONAL_FIELD_PATTERN, PERSONAL_FIELDS, type PersonalField } from '@storecast/contract';

/** A place in the compiled e-mail that differs per recipient. */
export type Slot =
  | { kind: 'field'; field: Exclude<PersonalField, 'store_name'>; fallback: string }
  | { kind: 'link'; index: number }
  | { kind: 'unsubscribe' }
  | { kind: 'pixel' };

/**
 * Hands out placeholder tokens while the e-mail is built. A token is letters and digits only, so
 * it passes MJML (text and attributes) and HTML escaping untouched; the random nonce keeps store
 * content from ever forging one. After MJML, `split-template` cuts the output at the tokens.
 */
export class SlotTable {
  readonly nonce = randomBytes(6).toString('hex');
  readonly slots: Slot[] = [];
  /** Distinct http(s) destinations of the content, in order of first appearance. */
  readonly links: string[] = [];
  /** Field names written as {{…}} that are not personal fields (typos); they stay as written. */
  readonly unknownFields = new Set<string>();
  private readonly byKey = new Map<string, string>();
  private readonly linkAt = new Map<string, number>();

  constructor(private readonly storeName: string) {}

  get tokenPattern(): RegExp {
    return new RegExp(`zq${this.nonce}q(\\d+)qz`, 'g');
  }

  private token(key: string, slot: Slot): string {
    let token = this.byKey.get(key);
    if (!token) {
      token = `zq${this.nonce}q${this.slots.length}qz`;
      this.slots.push(slot);
      this.byKey.set(key, token);
    }
    return token;
  }

  /** Token for a content link; the same destination always gets the same index. */
  link(url: string): string {
    let index = this.linkAt.get(url);
    if (index === undefined) {
      index = this.links.length;
      this.links.push(url);
      this.linkAt.set(url, index);
    }
    return this.token(`l:${index}`, { kind: 'link', index });
  }

  unsubscribe(): string {
    return this.token('u', { kind: 'unsubscribe' });
  }

  pixel(): string {
    return this.token('p', { kind: 'pixel' });
  }

  /**
   * Replaces `{{field|fallback}}` with tokens. `source` is plain text, or, with `html`, already
   * safe HTML (sanitised), whose fallback is HTML and is decoded here so the slot holds plain
   * text. store_name is the same for every recipient, so it is written in directly. Unknown
   * field names stay as written.
   */
  fields(source: string, decode: ((html: string) => string) | null, escape: (text: string) => string): string {
    return source.replace(new RegExp(PERSONAL_FIELD_PATTERN.source, 'g'), (whole, name: string, rawFallback?: string) => {
      if (!(PERSONAL_FIELDS as readonly string[]).includes(name)) {
        this.unknownFields.add(name);
        return whole;
      }
      const fallbackSource = (rawFallback ?? '').trim();
      const fallback = decode ? decode(fallbackSource) : fallbackSource;
      if (name === 'store_name') return escape(this.storeName.trim() || fallback);
      const field = name as Exclude<PersonalField, 'store_name'>;
      return this.token(`f:${field}:${fallback}`, { kind: 'field', field, fallback });
    });
  }
}
