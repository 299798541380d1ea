import { decodeHtml } from './escape-html.ts';

/**
 * Plain text of a text block's sanitised HTML. Sanitised output is regular (tags with quoted,
 * escaped attributes; `<` and `>` escaped in text), so a tag scanner is enough. `linkText`
 * receives the decoded href of each link and returns what to write after the link's words
 * (null: nothing).
 */
export function htmlToText(html: string, linkText: (href: string) => string | null): string {
  let out = '';
  let pendingLink: string | null = null;
  let last = 0;
  for (const match of html.matchAll(/<(\/?)([a-z0-9]+)((?:\s+[a-z-]+="[^"]*")*)\s*\/?>/gi)) {
    out += decodeHtml(html.slice(last, match.index));
    last = match.index + match[0].length;
    const closing = match[1] === '/';
    const tag = match[2]!.toLowerCase();
    if (tag === 'br') out += '\n';
    else if (tag === 'li' && !closing) out += '- ';
    else if (closing && (tag === 'p' || tag === 'li' || tag === 'ul' || tag === 'ol')) out += '\n';
    else if (tag === 'a' && !closing) {
      const href = /\shref="([^"]*)"/i.exec(match[3] ?? '')?.[1];
      pendingLink = href === undefined ? null : decodeHtml(href).trim();
    } else if (tag === 'a' && closing && pendingLink !== null) {
      const written = linkText(pendingLink);
      if (written) out += ` (${written})`;
      pendingLink = null;
    }
  }
  out += decodeHtml(html.slice(last));
  return out
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
