import { ResultCode, authRoutes } from '@storecast/contract';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { call } from '../../shared/api/client.ts';
import { getToken } from '../../shared/api/token-store.ts';
import { useApiCache } from '../../shared/api/use-api-cache.ts';
import { SESSION_USER_INPUT } from '../../shared/session/queries.ts';

/**
 * When the tab becomes visible again, user info is checked once more. The store may have been
 * switched in another tab (the session is shared); this tab's pages would then show one store
 * and write to another, so the user is told to refresh and the page reloads.
 */
export function useStoreChangeCheck(): void {
  const cache = useApiCache();
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const prompting = useRef(false);

  useEffect(() => {
    const onVisible = async () => {
      const token = getToken();
      if (document.visibilityState !== 'visible' || !token || prompting.current) return;
      const known = cache.get(authRoutes.info, SESSION_USER_INPUT);
      if (!known) return;
      try {
        const fresh = await call(authRoutes.info, SESSION_USER_INPUT);
        if (fresh.shop_id === known.shop_id) return;
        prompting.current = true;
        modal.warning({
          title: t('access.loginPrompt'),
          content: t('errors.login.changed'),
          okText: t('common.refresh'),
          closable: false,
          keyboard: false,
          onOk: () => window.location.reload(),
        });
      } catch (e) {
        // A session that ended elsewhere goes through the guard's "verification failed" path.
        if (isApiError(e) && e.code === ResultCode.SESSION_GONE) {
          await cache.invalidate(authRoutes.info);
        }
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [cache, modal, t]);
}
