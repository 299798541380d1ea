import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { useAppConfig } from '../../shared/session/queries.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { sunsetAction } from './sunset-action.ts';

/** The app root: the old-version redirect when it is on, otherwise /dashboard. */
export function RootRedirect() {
  const config = useAppConfig();
  const [stay, setStay] = useState(false);

  useEffect(() => {
    if (config.isPending) return;
    const action = sunsetAction(new URL(window.location.href), config.data?.sunset ?? null);
    if (action.kind === 'leave') {
      window.location.replace(action.to);
      return;
    }
    // Drop the stay parameter first, then let the router move on from the root.
    if (action.kind === 'stay') window.history.replaceState(window.history.state, '', action.url);
    // State, not a value derived in render: the redirect must render only after the address
    // above is rewritten, and a child's effect (Navigate's) would run before this one.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setStay(true);
  }, [config.isPending, config.data]);

  return stay ? <Navigate to="/dashboard" replace /> : <PageLoading />;
}
