import { ERROR_MESSAGES, NOTICE_MESSAGES } from '@storecast/contract';
import { accessManagement as accessManagementEnUS } from './en-US/access-management.ts';
import { accessManagement as accessManagementZhCN } from './zh-CN/access-management.ts';
import { campaigns as campaignsEnUS } from './en-US/campaigns.ts';
import { campaigns as campaignsZhCN } from './zh-CN/campaigns.ts';
import { billingPages as billingPagesEnUS } from './en-US/billing-pages.ts';
import { billingPages as billingPagesZhCN } from './zh-CN/billing-pages.ts';
import { aiWriter as aiWriterEnUS } from './en-US/ai-writer.ts';
import { aiWriter as aiWriterZhCN } from './zh-CN/ai-writer.ts';
import { automation as automationEnUS } from './en-US/automation.ts';
import { automation as automationZhCN } from './zh-CN/automation.ts';
import { elementSend as elementSendEnUS } from './en-US/element-send.ts';
import { elementSend as elementSendZhCN } from './zh-CN/element-send.ts';
import { flowEditor as flowEditorEnUS } from './en-US/flow-editor.ts';
import { flowEditor as flowEditorZhCN } from './zh-CN/flow-editor.ts';
import { popup as popupEnUS } from './en-US/popup.ts';
import { ui as enUS } from './en-US/index.ts';
import { popup as popupZhCN } from './zh-CN/popup.ts';
import { products as productsEnUS } from './en-US/products.ts';
import { products as productsZhCN } from './zh-CN/products.ts';
import { ui as zhCN } from './zh-CN/index.ts';
import { overview as overviewEnUS } from './en-US/overview.ts';
import { overview as overviewZhCN } from './zh-CN/overview.ts';
import { liveview as liveviewEnUS } from './en-US/liveview.ts';
import { liveview as liveviewZhCN } from './zh-CN/liveview.ts';
import { calendar as calendarEnUS } from './en-US/calendar.ts';
import { calendar as calendarZhCN } from './zh-CN/calendar.ts';
import { orderExport as orderExportEnUS } from './en-US/order-export.ts';
import { orderExport as orderExportZhCN } from './zh-CN/order-export.ts';
import { platformLink as platformLinkEnUS } from './en-US/platform-link.ts';
import { platformLink as platformLinkZhCN } from './zh-CN/platform-link.ts';

/**
 * i18next resources: the UI strings of this app plus the contract's `errors` and `notices`
 * catalogues, which the server also answers with, so a form rule and a server reply read the same.
 * The app itself loads `popup`, `automation`, `flowEditor`, `aiWriter`, `products`, `overview`,
 * `liveview`, `calendar`, `orderExport`, `billingPages`, `accessManagement`, `platformLink` and `campaigns` only with their
 * pages; here every catalogue is whole.
 */
export const resources = {
  'zh-CN': { translation: { ...zhCN, popup: popupZhCN, automation: automationZhCN, flowEditor: flowEditorZhCN, aiWriter: aiWriterZhCN, elementSend: elementSendZhCN, products: productsZhCN, overview: overviewZhCN, liveview: liveviewZhCN, calendar: calendarZhCN, orderExport: orderExportZhCN, billingPages: billingPagesZhCN, accessManagement: accessManagementZhCN, platformLink: platformLinkZhCN, campaigns: campaignsZhCN, errors: ERROR_MESSAGES['zh-CN'], notices: NOTICE_MESSAGES['zh-CN'] } },
  'en-US': { translation: { ...enUS, popup: popupEnUS, automation: automationEnUS, flowEditor: flowEditorEnUS, aiWriter: aiWriterEnUS, elementSend: elementSendEnUS, products: productsEnUS, overview: overviewEnUS, liveview: liveviewEnUS, calendar: calendarEnUS, orderExport: orderExportEnUS, billingPages: billingPagesEnUS, accessManagement: accessManagementEnUS, platformLink: platformLinkEnUS, campaigns: campaignsEnUS, errors: ERROR_MESSAGES['en-US'], notices: NOTICE_MESSAGES['en-US'] } },
};
