/** `/login?redirect=<path>`: where to send someone who must sign in, and where they return to. */
export function loginPath(returnTo: string): string {
  if (!returnTo || returnTo === '/' || returnTo.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeURIComponent(returnTo)}`;
}

/**
 * The page to open after sign-in. Only same-site paths are followed, so a crafted link cannot
 * send the user to another site ("//evil.example" or "https://...").
 */
export function safeRedirect(param: string | null | undefined, fallback = '/dashboard'): string {
  if (!param || !param.startsWith('/') || param.startsWith('//') || param.startsWith('/\\')) return fallback;
  if (param.startsWith('/login') || param.startsWith('/register')) return fallback;
  return param;
}
