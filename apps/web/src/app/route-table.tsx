import { lazy, type ComponentType } from 'react';
import { menuRules, type MenuEntry } from './menu/menu-visibility.ts';
import type { AppRoute } from './route-types.ts';

/**
 * The one route table (SPEC section 2). It drives the router, the top-bar menu (order and
 * visibility), the sub-navigation of sections, access and the page titles. Pages load lazily,
 * so the first load carries only the shell. The types live in route-types.ts, so the shell's
 * pieces that read a route do not import the table (and through it every page).
 */
const page = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

// Each feature's pages load from its index.ts, or from pages.ts where other features import the
// index.ts (store, brand): a module loaded here is a chunk of its own, and whoever imports it
// statically downloads all of it.
const dashboard = () => import('../features/dashboard/index.ts');
const orderExport = () => import('../features/order-export/index.ts');
const activityLog = () => import('../features/activity-log/index.ts');
const account = () => import('../features/account/index.ts');
const billing = () => import('../features/billing/pages.ts');
const accessManagement = () => import('../features/access-management/index.ts');
const store = () => import('../features/store/pages.ts');
const brand = () => import('../features/brand/pages.ts');
const emailList = () => import('../features/email-list/index.ts');
const segmentSend = () => import('../features/segment-send/index.ts');
const elementSend = () => import('../features/element-send/index.ts');
const sender = () => import('../features/sender/index.ts');
const outbox = () => import('../features/outbox/index.ts');
const help = () => import('../features/help/index.ts');
const popup = () => import('../features/popup/index.ts');
const popupCentre = () => import('../features/popup-centre/index.ts');
const popupTemplate = () => import('../features/popup-template/index.ts');
const automation = () => import('../features/automation/index.ts');
const flowEditor = () => import('../features/flow-editor/index.ts');
const campaigns = () => import('../features/campaigns/index.ts');

export const routeTable: AppRoute[] = [
  {
    path: 'dashboard', titleKey: 'menu.dashboard', layout: 'main', testId: 'dashboard',
    menu: { order: 10, visible: menuRules.always },
    redirectTo: 'goals',
    children: [
      { path: 'goals', titleKey: 'dashboard.goals.title', page: page(dashboard, 'GoalsPage') },
      { path: 'overview', titleKey: 'dashboard.overview.title', page: page(dashboard, 'OverviewPage') },
      { path: 'liveview', titleKey: 'dashboard.liveview.title', page: page(dashboard, 'LiveviewPage') },
      { path: 'user-action', titleKey: 'dashboard.userAction.title', page: page(dashboard, 'UserActionPage') },
      { path: 'calendar', titleKey: 'dashboard.calendar.title', page: page(dashboard, 'CalendarPage') },
    ],
  },
  {
    // The campaign centre: the store's campaigns with their states and moves, and the toolbox
    // (blocked products, link generator) in a second tab, ?tab=toolbox; SPEC's table has no route for it.
    path: 'custom', titleKey: 'menu.custom', layout: 'main', testId: 'custom',
    menu: { order: 20, visible: menuRules.campaignStrategyOn },
    page: page(campaigns, 'CampaignCentrePage'),
  },
  // A campaign's editor: a full page, the campaign's id in ?id= (none: a new campaign).
  { path: 'custom/strategy-edit', titleKey: 'menu.customEdit', layout: 'edit', page: page(campaigns, 'CampaignEditPage') },
  // A campaign's report: its numbers over one of the eight ranges, the campaign's id in ?id=.
  { path: 'custom/strategy-report', titleKey: 'menu.customReport', layout: 'main', page: page(campaigns, 'CampaignReportPage') },
  { path: 'custom/aim', titleKey: 'menu.customAim', layout: 'main', page: page(campaigns, 'CampaignAimPage') },
  {
    // Smart Send: the flows with their switches, AI management and sending rules.
    path: 'automation', titleKey: 'menu.automation', layout: 'main', testId: 'automation',
    menu: { order: 30, visible: menuRules.always },
    page: page(automation, 'AutomationHomePage'),
  },
  { path: 'automation/strategy-list', titleKey: 'menu.automationList', layout: 'main', page: page(automation, 'StrategyListPage') },
  { path: 'automation/strategy-report', titleKey: 'menu.automationReport', layout: 'main', page: page(automation, 'StrategyReportPage') },
  // A flow's steps and e-mails: a full page, the flow's id in ?id=.
  { path: 'automation/strategy-edit', titleKey: 'menu.automationEdit', layout: 'edit', page: page(flowEditor, 'FlowEditPage') },
  {
    // Segment Send home: its strategies, and the segments in a second tab.
    path: 'tags', titleKey: 'menu.tags', layout: 'main', testId: 'tags',
    menu: { order: 40, visible: menuRules.always },
    page: page(segmentSend, 'SegmentSendHome'),
  },
  { path: 'tags/strategy-report', titleKey: 'segmentSend.report.title', layout: 'main', page: page(segmentSend, 'ReportPage') },
  // The Segment Send wizard: full pages, the draft's id in ?id=.
  { path: 'tags/setting', titleKey: 'segmentSend.steps.setting', layout: 'edit', page: page(segmentSend, 'SettingPage') },
  { path: 'tags/template', titleKey: 'segmentSend.steps.template', layout: 'edit', page: page(segmentSend, 'TemplatePage') },
  { path: 'tags/content', titleKey: 'segmentSend.steps.content', layout: 'edit', page: page(segmentSend, 'ContentPage') },
  { path: 'tags/confirm', titleKey: 'segmentSend.steps.confirm', layout: 'edit', page: page(segmentSend, 'ConfirmPage') },
  {
    // Element Send home: its sends, and the product catalogue in a second tab.
    path: 'element', titleKey: 'menu.element', layout: 'main', testId: 'element',
    menu: { order: 45, visible: menuRules.elementSendOn },
    page: page(elementSend, 'ElementSendHome'),
  },
  { path: 'element/strategy-report', titleKey: 'menu.elementReport', layout: 'main', page: page(elementSend, 'ElementReportPage') },
  // The Element Send wizard: full pages; the draft and its six products are kept in sessionStorage.
  { path: 'element/products', titleKey: 'menu.elementProducts', layout: 'edit', page: page(elementSend, 'ProductsStepPage') },
  { path: 'element/matching', titleKey: 'menu.elementMatching', layout: 'edit', page: page(elementSend, 'MatchingStepPage') },
  { path: 'element/content', titleKey: 'menu.elementContent', layout: 'edit', page: page(elementSend, 'ContentStepPage') },
  { path: 'element/confirm', titleKey: 'menu.elementConfirm', layout: 'edit', page: page(elementSend, 'ConfirmStepPage') },
  {
    path: 'popup', titleKey: 'menu.popup', layout: 'main', testId: 'popup',
    menu: { order: 50, visible: menuRules.subscribePopupNotRetired },
    page: page(popup, 'PopupHomePage'),
  },
  { path: 'popup/content', titleKey: 'menu.popupContent', layout: 'edit', page: page(popup, 'PopupContentPage') },
  { path: 'popup/condition', titleKey: 'menu.popupCondition', layout: 'edit', page: page(popup, 'PopupConditionPage') },
  {
    path: 'custom-popup', titleKey: 'menu.customPopup', layout: 'main', testId: 'custom-popup',
    menu: { order: 60, visible: menuRules.popupStrategyNotRetired },
    page: page(popupCentre, 'PopupCentrePage'),
  },
  // Creating or editing a pop-up of the centre: full pages, the pop-up's id in ?id=.
  { path: 'custom-popup/template', titleKey: 'menu.popupGallery', layout: 'edit', page: page(popupCentre, 'TemplateStepPage') },
  { path: 'custom-popup/content', titleKey: 'menu.popupContent', layout: 'edit', page: page(popupCentre, 'ContentStepPage') },
  { path: 'custom-popup/condition', titleKey: 'menu.popupCondition', layout: 'edit', page: page(popupCentre, 'ConditionStepPage') },
  {
    path: 'email-list', titleKey: 'menu.emailList', layout: 'main', testId: 'email-list',
    menu: { order: 70, visible: menuRules.always },
    redirectTo: 'list',
    children: [
      { path: 'list', titleKey: 'emailList.list.title', page: page(emailList, 'SubscriberListPage') },
      { path: 'tags', titleKey: 'emailList.tags.title', page: page(emailList, 'TagsPage') },
      { path: 'history', titleKey: 'emailList.history.title', page: page(emailList, 'HistoryPage') },
    ],
  },
  {
    path: 'popup-template', titleKey: 'menu.popupTemplate', layout: 'main', testId: 'popup-template',
    menu: { order: 80, visible: menuRules.internalStoreOnly },
    page: page(popupTemplate, 'TemplateManagerPage'),
  },
  {
    path: 'account-setting', titleKey: 'account.title', layout: 'main', testId: 'account',
    redirectTo: 'shop',
    children: [
      { path: 'shop', titleKey: 'account.shop.title', page: page(account, 'ShopListPage') },
      { path: 'card', titleKey: 'account.card.title', page: page(billing, 'CardPage'), ownerOnly: true },
      { path: 'billing', titleKey: 'account.billing.title', page: page(billing, 'InvoicesPage'), ownerOnly: true },
      { path: 'user', titleKey: 'account.user.title', page: page(account, 'UserPage') },
    ],
  },
  {
    // SPEC section 2: the store's settings as full pages (edit type), the same pages as /store's
    // tabs. Opened directly, they close to those tabs, and access management to the store list
    // that links to it.
    path: 'store-setting', titleKey: 'store.title', layout: 'edit', testId: 'store-setting',
    parent: 'store/store-info',
    redirectTo: 'shop',
    children: [
      { path: 'shop', titleKey: 'store.info.title', page: page(store, 'StoreInfoPage') },
      { path: 'brand-assets', titleKey: 'brand.assets.title', page: page(brand, 'BrandAssetsPage'), parent: 'store/brand-assets' },
      {
        path: 'access-management', titleKey: 'account.access.title', ownerOnly: true, parent: 'account-setting/shop',
        page: page(accessManagement, 'AccessManagementPage'),
      },
    ],
  },
  {
    // The link of an invitation e-mail: opens signed in or not, then accepts with the invited account.
    path: 'invite', titleKey: 'account.access.inviteTitle', layout: 'standalone', access: 'public',
    page: page(accessManagement, 'AcceptInvitePage'),
  },
  {
    path: 'store', titleKey: 'store.title', layout: 'main', testId: 'store',
    redirectTo: 'pricing-plan',
    children: [
      { path: 'pricing-plan', titleKey: 'store.pricing.title', page: page(billing, 'PricingPlanPage') },
      { path: 'vip-plan', titleKey: 'store.vip.title', page: page(billing, 'VipPlanPage') },
      // The signed-in user's own account, the same page as /account-setting/user.
      { path: 'account-info', titleKey: 'store.accountInfo.title', page: page(account, 'UserPage') },
      { path: 'store-info', titleKey: 'store.info.title', page: page(store, 'StoreInfoPage') },
      { path: 'brand-assets', titleKey: 'brand.assets.title', page: page(brand, 'BrandAssetsPage') },
      { path: 'sender-info', titleKey: 'sender.info.title', page: page(sender, 'SenderInfoPage') },
      { path: 'api-token', titleKey: 'store.apiToken.title', page: page(store, 'ApiTokenPage') },
      { path: 'sales-attribution', titleKey: 'brand.attribution.title', page: page(brand, 'SalesAttributionPage') },
      { path: 'outbox', titleKey: 'outbox.title', page: page(outbox, 'OutboxPage') },
      { path: 'activity-log', titleKey: 'store.activityLog.title', page: page(activityLog, 'ActivityLogPage') },
    ],
  },
  {
    // Full page (edit layout), outside /store's children so it is not a tab there; it is opened
    // from the sender page, so that is where it closes to.
    path: 'store/verify-sender-domain', titleKey: 'sender.domain.title', layout: 'edit', parent: 'store/sender-info',
    page: page(sender, 'VerifyDomainPage'),
  },
  {
    // Full page without the top bar; it sits outside /email-list so it is not a tab there.
    path: 'email-list/import-upload', titleKey: 'emailList.import.title', layout: 'edit',
    page: page(emailList, 'ImportUploadPage'),
  },
  {
    path: 'connect/plat', titleKey: 'connect.title', layout: 'edit', access: 'signed-in-without-store',
    page: page(() => import('../features/connect/index.ts'), 'ConnectPlatPage'),
  },
  {
    path: 'login', titleKey: 'auth.login.title', layout: 'standalone', access: 'public',
    page: page(() => import('../features/auth/login-page.tsx'), 'LoginPage'),
  },
  {
    path: 'register', titleKey: 'auth.register.title', layout: 'standalone', access: 'public',
    page: page(() => import('../features/auth/register-page.tsx'), 'RegisterPage'),
  },
  // The built-in help centre: public, so it opens before sign-in and without a store.
  { path: 'help', titleKey: 'help.title', layout: 'standalone', access: 'public', page: page(help, 'HelpHomePage') },
  // Orders with their attribution for a range (SPEC section 2), opened from the dashboard.
  { path: 'order/export', titleKey: 'orderExport.title', layout: 'main', page: page(orderExport, 'OrderExportPage') },
  { path: 'help/:slug', titleKey: 'help.title', layout: 'standalone', access: 'public', page: page(help, 'HelpArticlePage') },
  {
    path: '404', titleKey: 'common.notFound.title', layout: 'standalone', access: 'signed-in-without-store',
    page: page(() => import('./not-found-page.tsx'), 'NotFoundPage'),
  },
];

/** Top-bar menu entries, in the table's order. */
export const menuEntries: (MenuEntry & { testId: string })[] = routeTable.flatMap((r) =>
  r.menu ? [{ path: `/${r.path}`, titleKey: r.titleKey, testId: r.testId ?? r.path, ...r.menu }] : [],
);
