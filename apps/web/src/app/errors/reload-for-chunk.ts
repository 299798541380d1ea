/**
 * A page's code arrives as chunks loaded on demand. After a deploy the chunks the open tab knows
 * are gone, and on a bad network one may fail to download: the browser reports either as a failed
 * dynamic import (Chromium, Firefox and Safari word it differently).
 */
const CHUNK_FAILED = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILED.test(error.message);
}

/** The failed chunk as the message names it (its URL), or the whole message when it names none. */
function chunkOf(error: Error): string {
  return /\S+\.(?:js|css)\b/.exec(error.message)?.[0] ?? error.message;
}

const key = (error: Error) => `storecast.chunkReload:${chunkOf(error)}`;

/**
 * A reload fetches the new version's chunks, so the first failure of a chunk reloads the page.
 * The tab remembers it did: a chunk that fails again shows the retry page instead of reloading
 * in a loop.
 */
export function shouldReloadFor(error: unknown): error is Error {
  return isChunkLoadError(error) && sessionStorage.getItem(key(error as Error)) === null;
}

export function reloadFor(error: Error) {
  sessionStorage.setItem(key(error), String(Date.now()));
  window.location.reload();
}
