import { escapeHtml } from './escape-html.ts';
import type { Slot } from './slot-table.ts';
import type { Template } from './split-template.ts';
import type { LinkHooks, PersonalizedEmail, Recipient } from './types.ts';

type Context = 'html' | 'text' | 'subject';

/** What one recipient puts into the slots; computed once per recipient, used by all three parts. */
interface Fill {
  recipient: Recipient;
  urls: string[];
  unsubscribe: string;
  pixel: string;
}

function fieldValue(recipient: Recipient, slot: Extract<Slot, { kind: 'field' }>): string {
  const value = recipient[slot.field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : slot.fallback;
}

/** Concatenates literal parts and slot values; no scanning, only string joins and escaping. */
function fill(template: Template, context: Context, f: Fill): string {
  const { parts, slots } = template;
  let out = parts[0]!;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    let value: string;
    switch (slot.kind) {
      case 'field':
        value = fieldValue(f.recipient, slot);
        if (context === 'html') value = escapeHtml(value);
        else if (context === 'subject') value = value.replace(/[\r\n]+/g, ' ');
        break;
      case 'link':
        value = f.urls[slot.index]!;
        if (context === 'html') value = escapeHtml(value);
        break;
      case 'unsubscribe':
        value = context === 'html' ? escapeHtml(f.unsubscribe) : f.unsubscribe;
        break;
      case 'pixel':
        value = context === 'html' ? f.pixel : '';
        break;
    }
    out += value + parts[i + 1]!;
  }
  return out;
}

export function createPersonalizer(
  templates: { html: Template; text: Template; subject: Template },
  linkCount: number,
): (recipient: Recipient, hooks: LinkHooks) => PersonalizedEmail {
  return (recipient, hooks) => {
    const urls = new Array<string>(linkCount);
    for (let i = 0; i < linkCount; i++) urls[i] = hooks.linkUrl(i);
    const pixel = hooks.openPixelUrl
      ? `<img src="${escapeHtml(hooks.openPixelUrl)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />`
      : '';
    const f: Fill = { recipient, urls, unsubscribe: hooks.unsubscribeUrl, pixel };
    return {
      subject: fill(templates.subject, 'subject', f),
      html: fill(templates.html, 'html', f),
      text: fill(templates.text, 'text', f),
    };
  };
}
