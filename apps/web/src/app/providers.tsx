import { LoadingOutlined } from '@ant-design/icons';
import { LIMITS } from '@storecast/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { bindToast } from '../shared/api/toast.ts';
import { currentAntdLocale } from '../shared/i18n/load-language.ts';
import { readCspNonce } from '../shared/security/read-csp-nonce.ts';
import { PREFERS_REDUCED_MOTION } from '../shared/ui/prefers-reduced-motion.ts';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The client already shows every failure; a retry would only repeat the toast.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Hands antd's context-aware message API to the toast helper used outside React. */
function ToastBinder() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    bindToast(message);
    return () => bindToast(null);
  }, [message]);
  return null;
}

/**
 * A button is named by its label alone, as the catalogue writes it: no space put between two
 * Chinese characters ("登 录"), and a spinner screen readers skip. antd's own spinner says
 * "loading" and lingers through its fold-away motion, which a quick failed request can leave
 * behind in the button's name.
 */
const BUTTON = { autoInsertSpace: false, loadingIcon: <LoadingOutlined aria-hidden /> };

/** A reader who asked for less motion gets antd without its animations: modals, drawers and menus appear and leave at once. */
const THEME = { token: { motion: !PREFERS_REDUCED_MOTION } };

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // antd writes its styles into style elements, which the page's policy allows only with its nonce.
  const [csp] = useState(() => ({ nonce: readCspNonce() }));
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={currentAntdLocale()} csp={csp} button={BUTTON} theme={THEME}>
        <AntApp message={{ maxCount: 1, duration: LIMITS.toastMs / 1000 }}>
          <ToastBinder />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
