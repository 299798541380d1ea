import { useNavigate, useSearchParams } from 'react-router';
import { setToken } from '../../shared/api/token-store.ts';
import { safeRedirect } from '../../shared/session/login-path.ts';

/** Keeps the new token and opens the page the user came for (the `redirect` parameter). */
export function useSignIn(): (token: string, fallback?: string) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (token, fallback = '/dashboard') => {
    setToken(token);
    void navigate(safeRedirect(params.get('redirect'), fallback), { replace: true });
  };
}
