import { describe, expect, it } from 'vitest';
import { routeTable } from '../route-table.tsx';
import { parentPath } from './parent-path.ts';

describe('parent of a full-page route', () => {
  it('is the enclosing section of the route table', () => {
    expect(parentPath('/email-list/import-upload', routeTable)).toBe('/email-list');
    expect(parentPath('/tags/confirm', routeTable)).toBe('/tags');
  });

  it('is the page that opens it where the table names one, not a section that only redirects', () => {
    expect(parentPath('/store/verify-sender-domain/', routeTable)).toBe('/store/sender-info');
    expect(parentPath('/store-setting/shop', routeTable)).toBe('/store/store-info');
    expect(parentPath('/store-setting/brand-assets', routeTable)).toBe('/store/brand-assets');
    expect(parentPath('/store-setting/access-management', routeTable)).toBe('/account-setting/shop');
  });

  it('falls back to the dashboard when no enclosing route exists', () => {
    expect(parentPath('/connect/plat', routeTable)).toBe('/dashboard');
    expect(parentPath('/', routeTable)).toBe('/dashboard');
  });
});
