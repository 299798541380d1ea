import { useLocation, useNavigate } from 'react-router';
import { routeTable } from '../route-table.tsx';
import { parentPath } from './parent-path.ts';

/**
 * The page this tab came from when it loaded, if it is a page of this app (a link opened in a
 * new tab); not the sign-in page, which would only send the user on again.
 */
function appReferrer(current: string): string | null {
  if (!document.referrer) return null;
  const from = new URL(document.referrer);
  if (from.origin !== window.location.origin || from.pathname === current || from.pathname === '/login') return null;
  return `${from.pathname}${from.search}`;
}

/**
 * What the close icon of a full page does (SPEC section 2): back one step inside the app; opened
 * by a full page load (a bookmark, a link in a mail) with no step to go back to, the app page the
 * user came from, else the page's parent in the route table.
 */
export function useCloseEditPage(): () => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return () => {
    // The router numbers the entries it pushed in this tab; 0 is where the app was opened.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(appReferrer(pathname) ?? parentPath(pathname, routeTable));
  };
}
