import type { Messages } from '../types.ts';
import type { accessManagement as zh } from '../zh-CN/access-management.ts';

/** Strings of access management and the invitation page, loaded with them. */
export const accessManagement: Messages<typeof zh> = {
  intro: 'Invite others to manage your stores; revoke them at any time, or transfer a store to one of its managers.',
  loadFailed: 'Access could not be loaded. Please try again later.',
  rights: {
    title: 'What managers can do',
    can: 'Managers use every feature of the stores they manage: audience, sends, automation, pop-ups, reports and store settings.',
    cannot: 'Only the owner can buy sending volume and memberships, manage cards, invoices and access, delete anything, and handle API tokens.',
  },
  invite: {
    title: 'Invite a manager',
    email: 'Management email',
    stores: 'Stores',
    storesPlaceholder: 'Choose the stores they will manage',
    submit: 'Send invitation',
    hint: 'They receive an e-mail and accept after signing in or signing up with that address. The link works for 7 days.',
  },
  members: {
    title: 'Members',
    member: 'Member',
    stores: 'Stores and roles',
    you: 'You',
    revoke: 'Revoke',
    transfer: 'Transfer store',
  },
  revoke: {
    title: 'Revoke {{email}}',
    stores: 'Revoke from these stores',
    hint: 'This takes effect at once: their next action is refused.',
    ok: 'Revoke',
  },
  transfer: {
    title: 'Transfer a store to {{email}}',
    store: 'Store',
    warning: 'They become the owner. You keep access as a manager, but can no longer buy, manage billing or access, or delete anything.',
    ok: 'Transfer',
  },
  invitations: {
    title: 'Invitations',
    email: 'Email',
    stores: 'Stores',
    sentAt: 'Sent',
    expiresAt: 'Valid until',
    status: 'Status',
    statuses: { pending: 'Pending', accepted: 'Accepted', expired: 'Expired', canceled: 'Withdrawn' },
    withdraw: 'Withdraw',
    withdrawConfirm: 'Withdraw the invitation to {{email}}? The link stops working at once.',
    empty: 'No invitations sent yet.',
  },
  accept: {
    intro: 'You are invited to manage stores on Storecast.',
    inviter: 'Invited by',
    stores: 'Stores',
    email: 'Invited email',
    accept: 'Accept invitation',
    accepted: 'You now manage these stores.',
    open: 'Open the store',
    signInHint: 'Sign in with {{email}} to accept. No account yet? Sign up with that address first.',
    login: 'Sign in',
    register: 'Sign up',
    otherAccount: 'This invitation is for {{email}}, but you are signed in as {{current}}. Sign out and sign in with the invited address.',
    signOut: 'Sign out',
    statuses: {
      accepted: 'This invitation has already been accepted.',
      expired: 'This invitation has expired. Ask the inviter to send it again.',
      canceled: 'This invitation was withdrawn.',
    },
    loadFailed: 'The invitation could not be loaded.',
  },
};
