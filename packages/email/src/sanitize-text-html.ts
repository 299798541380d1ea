import sanitizeHtml from 'sanitize-html';

const COLOUR = [/^#[0-9a-f]{3}$/i, /^#[0-9a-f]{6}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/i];

/**
 * The HTML a text block may carry. Everything else (scripts, styles, event handlers, images,
 * javascript: and data: links) is dropped, text inside dropped tags is kept where it is text.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'a', 'ul', 'ol', 'li', 'span'],
  allowedAttributes: { a: ['href'], span: ['style'] },
  allowedStyles: { span: { color: COLOUR } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
};

export function sanitizeTextHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
