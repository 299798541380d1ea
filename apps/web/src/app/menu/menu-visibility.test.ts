import { describe, expect, it } from 'vitest';
import { menuEntries } from '../route-table.tsx';
import { activeMenuKey, visibleMenuEntries, type MenuContext } from './menu-visibility.ts';

function ctx(over: Partial<MenuContext['user']> = {}, internalShopIds: string[] = []): MenuContext {
  return {
    user: { shop_id: 's1', campaign_strategy: 1, shop_guide: { subscribe_popup: 0, popup_strategy: 0 }, ...over },
    internalShopIds,
  };
}
const paths = (c: MenuContext) => visibleMenuEntries(menuEntries, c).map((e) => e.path);

describe('top-bar menu', () => {
  it('lists the entries of SPEC section 2 in order', () => {
    expect(paths(ctx({}, ['s1']))).toEqual([
      '/dashboard', '/custom', '/automation', '/tags', '/popup', '/custom-popup', '/email-list', '/popup-template',
    ]);
  });

  it('shows /custom only when campaign_strategy is non-zero', () => {
    expect(paths(ctx({ campaign_strategy: 0 }))).not.toContain('/custom');
    expect(paths(ctx({ campaign_strategy: 2 }))).toContain('/custom');
  });

  it('hides /popup when the subscription pop-up guide is retired (2)', () => {
    expect(paths(ctx({ shop_guide: { subscribe_popup: 2, popup_strategy: 0 } }))).not.toContain('/popup');
    expect(paths(ctx({ shop_guide: { subscribe_popup: 1, popup_strategy: 0 } }))).toContain('/popup');
  });

  it('hides /custom-popup when the pop-up centre guide is retired (2)', () => {
    expect(paths(ctx({ shop_guide: { subscribe_popup: 0, popup_strategy: 2 } }))).not.toContain('/custom-popup');
  });

  it('shows /popup-template only to the internal stores of the app settings', () => {
    expect(paths(ctx({ shop_id: 's1' }, ['s9']))).not.toContain('/popup-template');
    expect(paths(ctx({ shop_id: 's9' }, ['s9']))).toContain('/popup-template');
    expect(paths(ctx({ shop_id: '' }, ['']))).not.toContain('/popup-template');
  });

  it('always shows the dashboard, automation, tags and email list', () => {
    const minimal = paths(ctx({ campaign_strategy: 0, shop_guide: { subscribe_popup: 2, popup_strategy: 2 } }));
    expect(minimal).toEqual(['/dashboard', '/automation', '/tags', '/email-list']);
  });

  it('marks the first path segment as active', () => {
    expect(activeMenuKey('/dashboard/goals')).toBe('/dashboard');
    expect(activeMenuKey('/custom-popup/template/3')).toBe('/custom-popup');
    expect(activeMenuKey('/')).toBe('/');
  });
});
