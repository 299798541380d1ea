import { z } from 'zod';
import { EMAIL_MAX, emailSchema } from '../rules/account.ts';
import { defineRoute } from './define-route.ts';

/**
 * Access management (/store-setting/access-management, SPEC sections 5 and 6): an owner invites
 * managers by e-mail to chosen stores of theirs, revokes them from chosen stores and transfers a
 * store to one of its members. Every route but the invitation's own two is the owner's; the
 * stores a call names must all be owned by the caller.
 */

const storeIds = z
  .array(z.string().min(1).max(64), { error: 'errors.store.choose' })
  .min(1, { error: 'errors.store.choose' })
  .max(200);

/** SPEC section 5: management e-mail required and well-formed. */
export const managementEmailSchema = z
  .string({ error: 'errors.access.emailRequired' })
  .max(EMAIL_MAX, { error: 'errors.account.format', abort: true })
  .trim()
  .min(1, { error: 'errors.access.emailRequired', abort: true })
  .pipe(emailSchema);

export const inviteManagerBody = z.object({ email: managementEmailSchema, shop_ids: storeIds });
export const revokeManagerBody = z.object({ user_id: z.string().min(1).max(64), shop_ids: storeIds });
export const transferStoreBody = z.object({
  shop_id: z.string({ error: 'errors.store.choose' }).min(1, { error: 'errors.store.choose' }).max(64),
  user_id: z.string().min(1).max(64),
});

const storeRef = z.object({ id: z.string(), name: z.string() });

export const memberSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  /** The caller's stores this user belongs to, with the role in each. */
  stores: z.array(storeRef.extend({ role: z.enum(['owner', 'manager']) })),
});

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  stores: z.array(storeRef),
  created_at: z.string(),
  expires_at: z.string(),
  status: z.enum(['pending', 'accepted', 'expired', 'canceled']),
});

export const accessRoutes = {
  memberList: defineRoute({
    method: 'GET', path: '/access/member-list', access: 'shop', tag: 'access', ownerOnly: true,
    summary: "The caller's own stores, everyone who manages them, and open invitations",
    data: z.object({ stores: z.array(storeRef), members: z.array(memberSchema), invitations: z.array(invitationSchema) }),
  }),
  invite: defineRoute({
    method: 'POST', path: '/access/invite', access: 'shop', tag: 'access', ownerOnly: true,
    summary: 'Invites a manager by e-mail to chosen stores of the caller', body: inviteManagerBody, data: invitationSchema,
  }),
  cancelInvite: defineRoute({
    method: 'POST', path: '/access/cancel-invite', access: 'shop', tag: 'access', ownerOnly: true,
    summary: 'Withdraws an invitation not yet accepted', body: z.object({ id: z.string().min(1).max(64) }), data: z.null(),
  }),
  revoke: defineRoute({
    method: 'POST', path: '/access/revoke', access: 'shop', tag: 'access', ownerOnly: true,
    summary: 'Ends a manager’s management of chosen stores, at once', body: revokeManagerBody, data: z.null(),
  }),
  transfer: defineRoute({
    method: 'POST', path: '/access/transfer', access: 'shop', tag: 'access', ownerOnly: true,
    summary: 'Makes a member of a store its owner; the caller stays on as a manager', body: transferStoreBody, data: z.null(),
  }),
  inviteInfo: defineRoute({
    method: 'GET', path: '/access/invite-info', access: 'public', tag: 'access',
    summary: 'What an invitation link offers: the stores, who invites, for which address',
    query: z.object({ token: z.string().min(1).max(200) }),
    data: z.object({ email: z.string(), inviter: z.string(), stores: z.array(z.string()), status: invitationSchema.shape.status }),
  }),
  acceptInvite: defineRoute({
    method: 'POST', path: '/access/accept-invite', access: 'user', tag: 'access',
    summary: 'Accepts an invitation with the signed-in account (its login e-mail must be the invited one)',
    body: z.object({ token: z.string().min(1).max(200) }),
    data: z.object({ shop_ids: z.array(z.string()) }),
  }),
} as const;
