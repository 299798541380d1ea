import { parseHomepage } from '@storecast/contract';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * A store whose homepage is on loopback is being developed or tested on this machine: any
 * loopback page is its own (a dev server's port changes). No public store's homepage is.
 */
export function homepageOnLoopback(homepageUrl: string): boolean {
  const home = parseHomepage(homepageUrl);
  return !!home && LOOPBACK.includes(home.hostname);
}
