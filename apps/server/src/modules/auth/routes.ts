import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { createAuthLimiter } from '../../http/auth-rate-limit.ts';
import { registerRoute } from '../../http/register-route.ts';
import { buildSessionUser } from './build-session-user.ts';
import { changeEmail, changePassword } from './change-credentials.ts';
import { loginWithPassword } from './login-with-password.ts';
import { confirmSignUp } from './confirm-sign-up.ts';
import { linkPhone, sendPhoneLinkCode } from './link-phone.ts';
import { startSignUp } from './start-sign-up.ts';
import { revokeSession } from './revoke-sessions.ts';
import { startSession } from './start-session.ts';
import { consumeVerifyCode, sendVerifyCode } from './verify-codes.ts';

export function authRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.auth;

  registerRoute(app, deps, r.register, async ({ req, body, locale, setMessage }) => {
    const data = await startSignUp(deps, body, locale, req.log);
    setMessage('notices.signUp.codeSent', { email: body.account });
    return data;
  }, { rateLimit: { keyFields: ['account'] } });

  registerRoute(app, deps, r.registerConfirm, async ({ body }) => ({ token: await confirmSignUp(deps, body.account, body.verify_code) }), {
    rateLimit: { keyFields: ['account'] },
  });

  registerRoute(
    app, deps, r.login,
    async ({ body }) => {
      if (body.login_method === 'password') return { token: await loginWithPassword(deps, body.account, body.password) };
      const userId = await consumeVerifyCode(deps, body.mobile, body.verify_code);
      return { token: await startSession(deps, userId) };
    },
    { rateLimit: { keyFields: ['account', 'mobile'] } },
  );

  registerRoute(
    app, deps, r.sendVerifyCode,
    async ({ req, body, locale, setMessage }) => {
      const data = await sendVerifyCode(deps, body.mobile, locale, req.log);
      setMessage('notices.code.sent');
      return data;
    },
    { rateLimit: { keyFields: ['mobile'] } },
  );

  // Counted per user as well as per number: a session must not become a way to text strangers.
  const bindLimit = createAuthLimiter(app, deps, `${r.sendBindCode.path}|user`);
  registerRoute(app, deps, r.sendBindCode, async ({ req, session, body, locale, setMessage }) => {
    await bindLimit.subject(req, `user:${session.user.id}`);
    const data = await sendPhoneLinkCode(deps, session.user.id, body.mobile, locale, req.log);
    setMessage('notices.code.sent');
    return data;
  }, { rateLimit: { keyFields: ['mobile'] } });

  registerRoute(app, deps, r.modifyMobile, async ({ session, body, setMessage }) => {
    await linkPhone(deps, session.user.id, body.mobile, body.verify_code);
    setMessage('notices.signUp.phoneLinked');
    return null;
  }, { rateLimit: { keyFields: ['mobile'] } });

  registerRoute(app, deps, r.info, async ({ session }) => buildSessionUser(deps, session));

  registerRoute(app, deps, r.logout, async ({ session }) => {
    await revokeSession(deps, session.sessionId);
    return null;
  });

  // The current password is a password check like sign-in: a stolen session must not become a
  // way to guess it. Counted per user, whichever session or address asks.
  const passwordLimit = createAuthLimiter(app, deps, r.modifyPassword.path);
  registerRoute(app, deps, r.modifyPassword, async ({ req, session, body, setMessage }) => {
    await passwordLimit.subject(req, `user:${session.user.id}`);
    const token = await changePassword(deps, session, body.old_password, body.new_password);
    setMessage('notices.password.changed');
    return { token };
  }, { rateLimit: {} });

  const emailLimit = createAuthLimiter(app, deps, r.modifyEmail.path);
  registerRoute(app, deps, r.modifyEmail, async ({ req, session, body, setMessage }) => {
    await emailLimit.subject(req, `user:${session.user.id}`);
    await changeEmail(deps, session, body.email, body.password);
    setMessage('notices.login.emailChanged');
    return null;
  }, { rateLimit: {} });
}
