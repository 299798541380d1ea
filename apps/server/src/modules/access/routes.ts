import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { acceptInvite } from './accept-invite.ts';
import { cancelInvite } from './cancel-invite.ts';
import { inviteManager } from './invite-manager.ts';
import { listMembers } from './list-members.ts';
import { readInvitation } from './read-invitation.ts';
import { revokeManager } from './revoke-manager.ts';
import { transferStore } from './transfer-store.ts';

/**
 * Access management: invitations, revoking and transferring stores (/store-setting/access-management).
 * The contract marks every route but the invitation's two `ownerOnly`; the services check in
 * addition that every store a call names is the caller's own.
 */
export function accessRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.access;
  registerRoute(app, deps, r.memberList, ({ session }) => listMembers(deps, session));
  registerRoute(app, deps, r.invite, async ({ session, body, locale, req, setMessage }) => {
    const data = await inviteManager(deps, session, body, locale, req.log);
    setMessage('notices.access.invited', { email: data.email });
    return data;
  });
  registerRoute(app, deps, r.cancelInvite, async ({ session, body, setMessage }) => {
    await cancelInvite(deps, session, body.id);
    setMessage('notices.access.canceled');
    return null;
  });
  registerRoute(app, deps, r.revoke, async ({ session, body, setMessage }) => {
    await revokeManager(deps, session, body);
    setMessage('notices.access.revoked');
    return null;
  });
  registerRoute(app, deps, r.transfer, async ({ session, body, setMessage }) => {
    await transferStore(deps, session, body);
    setMessage('notices.access.transferred');
    return null;
  });
  registerRoute(app, deps, r.inviteInfo, ({ query }) => readInvitation(deps, query.token));
  registerRoute(app, deps, r.acceptInvite, async ({ session, body, setMessage }) => {
    const data = await acceptInvite(deps, session, body.token);
    setMessage('notices.access.accepted');
    return data;
  });
}
