import { readCspNonce } from './read-csp-nonce.ts';

/**
 * Rendered mail shown in a srcdoc frame lives under the admin's policy, which allows style
 * elements only with the page's nonce. The mail's own style elements get it here; the frame stays
 * sandboxed without scripts, so nothing in the mail can read or reuse it. A text edit rather than
 * DOMParser, whose documents share the page's policy and would report each style it parses.
 */
export function allowMailStyles(html: string, nonce = readCspNonce()): string {
  if (!nonce) return html;
  return html.replace(/<style(?=[\s>])/gi, `<style nonce="${nonce}"`);
}
