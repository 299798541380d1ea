import { api, type AppConfig, type SessionUser } from '@storecast/contract';
import { useQuery } from '@tanstack/react-query';
import { call, setHostCheck } from '../api/client.ts';
import { useToken } from '../api/token-store.ts';

/** Query keys shared across features, so a feature can refresh what another one shows. */
export const queryKeys = {
  sessionUser: ['session-user'] as const,
  appConfig: ['app-config'] as const,
};

/** The signed-in user and their current store. Loaded once per token; refreshed on demand. */
export function useSessionUser() {
  const token = useToken();
  return useQuery<SessionUser>({
    queryKey: [...queryKeys.sessionUser, token],
    queryFn: async () => {
      // Quiet: when this fails the guard shows its own message and resets the session.
      const user = await call(api.auth.info, { query: {}, quiet: true });
      setHostCheck(user.host_check);
      return user;
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/** Public settings (old-version notice, help links, internal stores). */
export function useAppConfig() {
  return useQuery<AppConfig>({
    queryKey: queryKeys.appConfig,
    queryFn: () => call(api.system.appConfig, { quiet: true }),
    retry: false,
    staleTime: Infinity,
  });
}
