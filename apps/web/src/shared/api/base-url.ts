import { API_PREFIX } from '@storecast/contract';

/**
 * Where API calls go. Normally the API shares the admin's origin (`/api`). Deployments that
 * put the API on its own host flag the session user with `host_check`; the API host is then
 * the admin host with its first "app" replaced by "appapi" (app.example.com ->
 * appapi.example.com), which keeps cookies and CORS on a sibling sub-domain. The user-info call
 * itself always goes to the same origin, because host_check is only known after it.
 */
export function apiBaseUrl(location: Pick<Location, 'protocol' | 'host'>, hostCheck: boolean): string {
  if (!hostCheck || !location.host.includes('app')) return API_PREFIX;
  return `${location.protocol}//${location.host.replace('app', 'appapi')}${API_PREFIX}`;
}
