import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { buildSessionUser } from './build-session-user.ts';
import { changeEmail, changePassword } from './change-credentials.ts';
import { loginWithPassword } from './login-with-password.ts';
import { registerAccount } from './register-account.ts';
import { revokeSession } from './revoke-sessions.ts';
import { startSession } from './start-session.ts';
import { consumeVerifyCode, sendVerifyCode } from './verify-codes.ts';

export function authRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.auth;
  const limit = deps.config.authRateLimit.max;

  registerRoute(app, deps, r.register, async ({ body }) => ({ token: await registerAccount(deps, body) }), {
    rateLimit: { max: limit },
  });

  registerRoute(
    app, deps, r.login,
    async ({ body }) => {
      if (body.login_method === 'password') return { token: await loginWithPassword(deps, body.account, body.password) };
      const userId = await consumeVerifyCode(deps, body.mobile, body.verify_code);
      return { token: await startSession(deps, userId) };
    },
    // Keyed by account or phone as well as client, so one busy office IP does not lock out its
    // neighbours while guessing at one account is still capped.
    { rateLimit: { max: limit, keyFields: ['account', 'mobile'] } },
  );

  registerRoute(
    app, deps, r.sendVerifyCode,
    async ({ body, locale, setMessage }) => {
      const data = await sendVerifyCode(deps, body.mobile, locale);
      setMessage('errors.code.sent');
      return data;
    },
    { rateLimit: { max: limit } },
  );

  registerRoute(app, deps, r.info, async ({ session }) => buildSessionUser(deps, session));

  registerRoute(app, deps, r.logout, async ({ session }) => {
    await revokeSession(deps, session.sessionId);
    return null;
  });

  registerRoute(app, deps, r.modifyPassword, async ({ session, body, setMessage }) => {
    const token = await changePassword(deps, session, body.old_password, body.new_password);
    setMessage('errors.password.changed');
    return { token };
  });

  registerRoute(app, deps, r.modifyEmail, async ({ session, body, setMessage }) => {
    await changeEmail(deps, session, body.email, body.password);
    setMessage('errors.login.emailChanged');
    return null;
  });
}
