import { authRoutes, systemRoutes } from '@storecast/contract';
import { useApiQuery } from '../api/use-api-query.ts';

/**
 * The session user's request. Quiet: when it fails the guard shows its own message and resets
 * the session. Shared so a check elsewhere reads the same cache entry.
 */
export const SESSION_USER_INPUT = { query: {}, quiet: true } as const;

/** The signed-in user and their current store. Loaded once per session; refreshed on demand. */
export function useSessionUser() {
  return useApiQuery(authRoutes.info, SESSION_USER_INPUT, { retry: false, staleTime: Infinity });
}

/** Public settings (old-version notice, help links, internal stores). */
export function useAppConfig() {
  return useApiQuery(systemRoutes.appConfig, { quiet: true }, { retry: false, staleTime: Infinity });
}
