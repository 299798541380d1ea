import { describe, expect, it } from 'vitest';
import { decideAccess, type UserCheck } from './decide-access.ts';

const withStore: UserCheck = { status: 'ok', user: { shop_id: 's1', platform: 'custom', install_status: 1 } };
const noStore: UserCheck = { status: 'ok', user: { shop_id: '', platform: '', install_status: '' } };
const pending: UserCheck = { status: 'pending' };

describe('decideAccess', () => {
  it('sends a visitor without a token to /login with the path to return to', () => {
    expect(decideAccess({ path: '/store/vip-plan?a=1', access: 'signed-in', hasToken: false, user: pending }))
      .toEqual({ kind: 'redirect', to: '/login?redirect=%2Fstore%2Fvip-plan%3Fa%3D1' });
    expect(decideAccess({ path: '/connect/plat', access: 'signed-in-without-store', hasToken: false, user: pending }))
      .toEqual({ kind: 'redirect', to: '/login?redirect=%2Fconnect%2Fplat' });
  });

  it('lets anyone open /login and /register, with or without a token', () => {
    for (const hasToken of [true, false]) {
      expect(decideAccess({ path: '/login', access: 'public', hasToken, user: pending })).toEqual({ kind: 'render' });
      expect(decideAccess({ path: '/register', access: 'public', hasToken, user: pending })).toEqual({ kind: 'render' });
    }
  });

  it('lets a token open /connect/plat without waiting for user info', () => {
    expect(decideAccess({ path: '/connect/plat', access: 'signed-in-without-store', hasToken: true, user: pending }))
      .toEqual({ kind: 'render' });
  });

  it('waits for user info on other pages', () => {
    expect(decideAccess({ path: '/dashboard/goals', access: 'signed-in', hasToken: true, user: pending }))
      .toEqual({ kind: 'wait' });
  });

  it('sends a user without a store to /connect/plat', () => {
    expect(decideAccess({ path: '/dashboard/goals', access: 'signed-in', hasToken: true, user: noStore }))
      .toEqual({ kind: 'redirect', to: '/connect/plat' });
  });

  it('needs all three of shop id, platform and install status empty to count as no store', () => {
    const partial: UserCheck = { status: 'ok', user: { shop_id: '', platform: 'custom', install_status: '' } };
    expect(decideAccess({ path: '/store', access: 'signed-in', hasToken: true, user: partial })).toEqual({ kind: 'render' });
  });

  it('renders the page for a user with a store', () => {
    expect(decideAccess({ path: '/dashboard/goals', access: 'signed-in', hasToken: true, user: withStore }))
      .toEqual({ kind: 'render' });
  });

  it('resets the session when user info fails', () => {
    expect(decideAccess({ path: '/store/store-info', access: 'signed-in', hasToken: true, user: { status: 'error' } }))
      .toEqual({ kind: 'verify-failed', to: '/login?redirect=%2Fstore%2Fstore-info' });
  });

  it('sends unknown paths to /404 once signed in, and to sign-in before that', () => {
    expect(decideAccess({ path: '/nope', access: null, hasToken: true, user: withStore })).toEqual({ kind: 'redirect', to: '/404' });
    expect(decideAccess({ path: '/nope', access: null, hasToken: false, user: pending }))
      .toEqual({ kind: 'redirect', to: '/login?redirect=%2Fnope' });
  });
});

describe('decideAccess on owner-only pages', () => {
  const as = (manager_role: 'owner' | 'manager'): UserCheck => ({ status: 'ok', user: { shop_id: 's1', platform: 'custom', install_status: 1, manager_info: { manager_role } } });

  it('tells a manager the page is the owner’s, and renders it for the owner', () => {
    expect(decideAccess({ path: '/account-setting/card', access: 'signed-in', hasToken: true, user: as('manager'), ownerOnly: true }))
      .toEqual({ kind: 'owner-only' });
    expect(decideAccess({ path: '/account-setting/card', access: 'signed-in', hasToken: true, user: as('owner'), ownerOnly: true }))
      .toEqual({ kind: 'render' });
    expect(decideAccess({ path: '/account-setting/shop', access: 'signed-in', hasToken: true, user: as('manager') }))
      .toEqual({ kind: 'render' });
  });

  it('still sends a manager without a token to sign in first', () => {
    expect(decideAccess({ path: '/store-setting/access-management', access: 'signed-in', hasToken: false, user: pending, ownerOnly: true }))
      .toEqual({ kind: 'redirect', to: '/login?redirect=%2Fstore-setting%2Faccess-management' });
  });
});
