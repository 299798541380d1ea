import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * `<Navigate replace>` that gives way to a navigation the user started first. A page that sends
 * a visitor elsewhere (a wizard step with nothing to edit) draws the redirect as soon as its chunk
 * is in; a click on the close icon in that moment runs before React's effects, so the redirect
 * would land after it and replace where the user chose to go. The redirect waits one task, by
 * which time the router has moved the address bar for any navigation begun, and then goes only
 * if the address is still this page's.
 */
export function RedirectWhileHere({ to }: { to: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    const next = setTimeout(() => {
      if (window.location.pathname === pathname) void navigate(to, { replace: true });
    });
    return () => clearTimeout(next);
  }, [navigate, pathname, to]);
  return null;
}
