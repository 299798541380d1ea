import { type DataOf, type RouteDef, authRoutes } from '@storecast/contract';
import { clearToken, getToken } from './token-store.ts';
import { apiBaseUrl } from './base-url.ts';
import { createClient, type CallOptions } from './create-client.ts';
import { toastError } from './toast.ts';
import i18n from '../i18n/i18n.ts';
import { getLanguage } from '../i18n/language.ts';
import { loginPath } from '../session/login-path.ts';

let hostCheck = false;
/** Set from the session user's answer (see `call` below); see apiBaseUrl for what it changes. */
function setHostCheck(value: boolean): void {
  hostCheck = value;
}

const UPGRADE_PATH = '/store/vip-plan';

type Navigate = (to: string) => void;
// The router registers itself here so a 102 navigates inside the app instead of reloading it.
let navigate: Navigate = (to) => window.location.assign(to);
export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

const client = createClient({
  baseUrl: () => apiBaseUrl(window.location, hostCheck),
  token: getToken,
  language: getLanguage,
  notify: (msg, data) => {
    // A membership refusal names the level it needs: the toast offers the way to get it.
    const needs = (data as { required_level?: unknown } | null | undefined)?.required_level;
    if (typeof needs === 'number') toastError(msg, { label: i18n.t('billing.membership.upgrade'), href: UPGRADE_PATH, go: () => navigate(UPGRADE_PATH) });
    else toastError(msg);
  },
  networkErrorMessage: () => i18n.t('errors.common.network'),
  onSessionGone: () => {
    // Read where the user is before the token goes: clearing it re-renders the guard, which may
    // already have moved to /login. Several calls can fail at once; the first one has sent the
    // user to sign in with the page to return to, and the others must not drop it.
    const here = currentPath();
    if (!here.startsWith('/login')) navigate(loginPath(here));
    clearToken();
  },
});

/**
 * The client of the admin. The session user's answer says where every later call goes
 * (`host_check`), so it is noted here, whichever screen asked for it.
 */
export async function call<R extends RouteDef>(route: R, options?: CallOptions<R>): Promise<DataOf<R>> {
  const data = await client.call(route, options);
  if (route === (authRoutes.info as RouteDef)) setHostCheck((data as DataOf<typeof authRoutes.info>).host_check);
  return data;
}
