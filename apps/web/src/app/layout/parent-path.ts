import type { AppRoute } from '../route-types.ts';

/**
 * Where the close icon of a full-page route leads when there is no step to go back to (the page
 * was opened from a link or a bookmark): the nearest enclosing route of the table, so
 * /email-list/import-upload closes to /email-list, not to an unrelated page.
 */
export function parentPath(pathname: string, table: Pick<AppRoute, 'path'>[], fallback = '/dashboard'): string {
  const known = new Set(table.map((r) => r.path));
  const parts = pathname.split('/').filter(Boolean);
  for (let n = parts.length - 1; n > 0; n--) {
    const candidate = parts.slice(0, n).join('/');
    if (known.has(candidate)) return `/${candidate}`;
  }
  return fallback;
}
