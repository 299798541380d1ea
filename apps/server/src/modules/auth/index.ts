/** What the HTTP layer, the composition root and other modules may use of accounts and sessions. */
export { authRoutes } from './routes.ts';
export { resolveSession, type SessionContext } from './resolve-session.ts';
export { hashToken } from './session-token.ts';
