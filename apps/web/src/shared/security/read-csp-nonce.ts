/**
 * The nonce the server wrote into this load of the admin (Vite's `csp-nonce` meta element). Style
 * elements added at run time need it to pass the page's Content-Security-Policy. Browsers hide a
 * nonce from getAttribute, so it is read from the element's property. Empty without a policy
 * (the dev server, unit tests).
 */
export function readCspNonce(): string {
  if (typeof document === 'undefined') return '';
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  return nonce === 'STORECAST_CSP_NONCE' ? '' : nonce;
}
