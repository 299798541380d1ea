import type { AppRoute } from '../route-types.ts';

type ParentRoute = Pick<AppRoute, 'path' | 'parent'> & { children?: ParentRoute[] };

/** Every route of the table by its full path, a child taking its section's parent unless it has its own. */
function flatten(table: ParentRoute[], base = '', inherited?: string): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const route of table) {
    const path = base ? `${base}/${route.path}` : route.path;
    const parent = route.parent ?? inherited;
    out.set(path, parent);
    for (const [p, q] of flatten(route.children ?? [], path, parent)) out.set(p, q);
  }
  return out;
}

/**
 * Where the close icon of a full-page route leads when there is no step to go back to (the page
 * was opened from a link or a bookmark): the route's own `parent` when the table names one
 * (/store/verify-sender-domain is opened from the sender page, not from /store, which only
 * redirects to the plans), else the nearest enclosing route, so /email-list/import-upload closes
 * to /email-list.
 */
export function parentPath(pathname: string, table: ParentRoute[], fallback = '/dashboard'): string {
  const routes = flatten(table);
  const parts = pathname.split('/').filter(Boolean);
  for (let n = parts.length; n > 0; n--) {
    const candidate = parts.slice(0, n).join('/');
    if (!routes.has(candidate)) continue;
    const parent = routes.get(candidate);
    if (parent) return `/${parent}`;
    if (n < parts.length) return `/${candidate}`;
  }
  return fallback;
}
