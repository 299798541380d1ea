import { FONTS, type EmailStyle } from '@storecast/contract';
import { addUtm } from './add-utm.ts';
import { decodeHtml, escapeHtml } from './escape-html.ts';
import { FIXED_TEXTS, type FixedTexts } from './fixed-texts.ts';
import { htmlToText } from './html-to-text.ts';
import { sanitizeTextHtml } from './sanitize-text-html.ts';
import type { SlotTable } from './slot-table.ts';
import type { RenderContext } from './types.ts';

/** What the HTML and the plain-text builders share while turning blocks into output. */
export interface RenderKit {
  ctx: RenderContext;
  style: EmailStyle;
  table: SlotTable;
  texts: FixedTexts;
  fontStack: string;
  textColour: string;
  mutedColour: string;
  /** A content link for an HTML attribute: a link slot for http(s), mailto kept as is. */
  hrefAttr(href: string): string;
  /** The same link in the plain text, or null when it has no place there. */
  hrefText(href: string): string | null;
  /** Plain text with personal fields, escaped for HTML. */
  html(text: string): string;
  /** Plain text with personal fields, for the plain-text part. */
  text(text: string): string;
  /** A text block's HTML, sanitised, its links tracked and its fields slotted. */
  richHtml(source: string): string;
  /** The same text block as plain text. */
  richText(source: string): string;
}

const identity = (s: string) => s;

/** Dark text on light content colours, light text on dark ones (WCAG relative luminance). */
function textColoursFor(background: string): { text: string; muted: string } {
  const channel = (i: number) => {
    const c = parseInt(background.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.35 ? { text: '#333333', muted: '#888888' } : { text: '#f5f5f5', muted: '#bbbbbb' };
}

export function createRenderKit(ctx: RenderContext, style: EmailStyle, table: SlotTable): RenderKit {
  const colours = textColoursFor(style.content_color);
  const isWeb = (href: string) => /^https?:\/\//i.test(href);
  const sanitized = new Map<string, string>();
  const clean = (source: string) => {
    let out = sanitized.get(source);
    if (out === undefined) sanitized.set(source, (out = sanitizeTextHtml(source)));
    return out;
  };
  const kit: RenderKit = {
    ctx,
    style,
    table,
    texts: FIXED_TEXTS[ctx.locale],
    fontStack: FONTS.find((f) => f.name === style.font)?.stack ?? FONTS[0]!.stack,
    textColour: colours.text,
    mutedColour: colours.muted,
    hrefAttr: (href) => (isWeb(href) ? table.link(addUtm(href, ctx.utm)) : escapeHtml(href)),
    hrefText: (href) => (isWeb(href) ? table.link(addUtm(href, ctx.utm)) : /^mailto:/i.test(href) ? href.slice(7) : null),
    html: (text) => table.fields(escapeHtml(text), decodeHtml, escapeHtml),
    text: (text) => table.fields(text, null, identity),
    richHtml(source) {
      const linked = clean(source).replace(/<a href="([^"]*)">/g, (_whole, raw: string) => {
        const href = decodeHtml(raw).trim();
        if (!isWeb(href) && !/^mailto:/i.test(href)) return '<a>';
        return `<a href="${kit.hrefAttr(href)}" style="color:${style.button_bg_color}">`;
      });
      return table.fields(linked, decodeHtml, escapeHtml);
    },
    richText(source) {
      return table.fields(htmlToText(clean(source), kit.hrefText), null, identity);
    },
  };
  return kit;
}
