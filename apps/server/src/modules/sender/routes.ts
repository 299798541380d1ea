import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { confirmPageRoute } from './confirm-page.ts';
import { readSenderLists } from './read-sender-lists.ts';
import { addSender, editSender } from './save-sender.ts';
import { sendVerificationMail } from './send-verification-mail.ts';
import { completeDomainVerification, issueDomainRecords } from './verify-sender-domain.ts';

export function senderRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.sender;
  const lists = (scope: Parameters<typeof readSenderLists>[1]) => readSenderLists(deps.dbh.db, scope);
  registerRoute(app, deps, r.lists, ({ scope }) => lists(scope));
  registerRoute(app, deps, r.add, async ({ scope, body, locale, setMessage }) => {
    const mailed = await addSender(deps, scope, locale, body);
    setMessage(mailed ? 'notices.sender.sent' : 'notices.sender.saved');
    return lists(scope);
  });
  registerRoute(app, deps, r.edit, async ({ scope, body, locale, setMessage }) => {
    const mailed = await editSender(deps, scope, locale, body);
    setMessage(mailed ? 'notices.sender.sent' : 'notices.sender.saved');
    return lists(scope);
  });
  registerRoute(app, deps, r.verifyEmail, async ({ scope, locale, setMessage }) => {
    await sendVerificationMail(deps, scope, locale);
    setMessage('notices.sender.sent');
    return lists(scope);
  });
  registerRoute(app, deps, r.verifyDomain, async ({ scope }) => {
    await issueDomainRecords(deps, scope);
    return lists(scope);
  });
  registerRoute(app, deps, r.completeVerifyDomain, async ({ scope, setMessage }) => {
    const ok = await completeDomainVerification(deps, scope);
    setMessage(ok ? 'notices.sender.domainVerified' : 'notices.sender.domainNotVerified');
    return lists(scope);
  });
  confirmPageRoute(app, deps);
}
