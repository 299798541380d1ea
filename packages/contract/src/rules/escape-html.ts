const HTML_SPECIAL = /[&<>"']/;
const HTML_SPECIAL_ALL = /[&<>"']/g;
const ENTITY_OF: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes text for HTML element content and quoted attributes: the one escaping of the product
 * (mail rendering, the pages mail readers open, the admin's editor). The renderer calls it per
 * recipient for every personal value, so the common case (nothing to escape) is one regex test
 * and no copy.
 */
export function escapeHtml(text: string): string {
  return HTML_SPECIAL.test(text) ? text.replace(HTML_SPECIAL_ALL, (c) => ENTITY_OF[c]!) : text;
}
