import { readCspNonce } from './read-csp-nonce.ts';

/**
 * Gives every style element the admin's own scripts create the page's nonce. antd passes the nonce
 * it is given, but some of its helpers (the scroll lock of dialogs and drawers, the scrollbar
 * measure, a selector support probe) create style elements without it. Style elements that arrive
 * as markup (HTML injected into the page) do not pass through here and stay refused.
 */
export function nonceCreatedStyles(nonce = readCspNonce()) {
  if (!nonce) return;
  const create = document.createElement.bind(document);
  document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = create(tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  }) as typeof document.createElement;
}
