import { describe, expect, it } from 'vitest';
import { menuEntries, routeTable } from '../route-table.tsx';
import { activeMenuKey, visibleMenuEntries, type MenuContext } from './menu-visibility.ts';

function flags(elementSend = true): MenuContext['user']['shop_guide_flag'] {
  return {
    intelligent_send: true, label_send: true, element_send: elementSend, subscribe_popup: true, customized_campaign: true,
    popup_strategy: true, activity_channel: true,
  };
}

function ctx(over: Partial<MenuContext['user']> = {}, internalShopIds: string[] = []): MenuContext {
  return {
    user: { shop_id: 's1', campaign_strategy: 1, shop_guide: { subscribe_popup: 0, popup_strategy: 0 }, shop_guide_flag: flags(), ...over },
    internalShopIds,
  };
}
const paths = (c: MenuContext) => visibleMenuEntries(menuEntries, c).map((e) => e.path);

describe('top-bar menu', () => {
  it('lists the entries of SPEC section 2 in order', () => {
    expect(paths(ctx({}, ['s1']))).toEqual([
      '/dashboard', '/custom', '/automation', '/tags', '/element', '/popup', '/custom-popup', '/email-list', '/popup-template',
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
    const minimal = paths(ctx({ campaign_strategy: 0, shop_guide: { subscribe_popup: 2, popup_strategy: 2 }, shop_guide_flag: flags(false) }));
    expect(minimal).toEqual(['/dashboard', '/automation', '/tags', '/email-list']);
  });

  it('shows /element, between Segment Send and the pop-up, only when the store has element_send', () => {
    const on = paths(ctx());
    expect(on.indexOf('/element')).toBe(on.indexOf('/tags') + 1);
    expect(paths(ctx({ shop_guide_flag: flags(false) }))).not.toContain('/element');
  });

  it('has the Element Send pages: a main-layout home and report, the four wizard steps full page', () => {
    const element = routeTable.filter((r) => r.path === 'element' || r.path.startsWith('element/'));
    expect(Object.fromEntries(element.map((r) => [r.path, r.layout]))).toEqual({
      element: 'main', 'element/strategy-report': 'main', 'element/products': 'edit', 'element/matching': 'edit', 'element/content': 'edit', 'element/confirm': 'edit',
    });
    expect(element.every((r) => r.titleKey.startsWith('menu.element') && r.page)).toBe(true);
  });

  it('marks the first path segment as active', () => {
    expect(activeMenuKey('/dashboard/goals')).toBe('/dashboard');
    expect(activeMenuKey('/custom-popup/template/3')).toBe('/custom-popup');
    expect(activeMenuKey('/')).toBe('/');
  });
});
