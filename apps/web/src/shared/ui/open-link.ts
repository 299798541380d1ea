/**
 * Opens an address from the app's settings. Links to the product's own hosts stay in this tab;
 * anything else opens in a new one without access to this window.
 */
export function openLink(url: string, ownHosts: readonly string[]): void {
  let host: string;
  try {
    host = new URL(url, window.location.href).host;
  } catch {
    return;
  }
  if (host === window.location.host || ownHosts.includes(host)) window.location.assign(url);
  else window.open(url, '_blank', 'noopener,noreferrer');
}
