import 'i18next';
import type { ERROR_MESSAGES, NOTICE_MESSAGES } from '@storecast/contract';
import type { ui } from './locales/zh-CN/index.ts';
import type { aiWriter } from './locales/zh-CN/ai-writer.ts';
import type { automation } from './locales/zh-CN/automation.ts';
import type { elementSend } from './locales/zh-CN/element-send.ts';
import type { flowEditor } from './locales/zh-CN/flow-editor.ts';
import type { popup } from './locales/zh-CN/popup.ts';
import type { products } from './locales/zh-CN/products.ts';
import type { overview } from './locales/zh-CN/overview.ts';
import type { liveview } from './locales/zh-CN/liveview.ts';
import type { calendar } from './locales/zh-CN/calendar.ts';
import type { orderExport } from './locales/zh-CN/order-export.ts';
import type { accessManagement } from './locales/zh-CN/access-management.ts';
import type { billingPages } from './locales/zh-CN/billing-pages.ts';
import type { platformLink } from './locales/zh-CN/platform-link.ts';
import type { campaigns } from './locales/zh-CN/campaigns.ts';

/**
 * The keys `t()` accepts: the zh-CN catalogue of this app plus the contract's error and notice catalogues,
 * as `resources` loads them (locales/index.ts), and the pop-up pages' strings, which load with them. A misspelled or missing key fails the type check.
 * Keys that exist only at run time go through `runtimeKey` (shared/i18n/translation-key.ts).
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    returnNull: false;
    resources: { translation: typeof ui & { popup: typeof popup } & { automation: typeof automation } & { flowEditor: typeof flowEditor } & { aiWriter: typeof aiWriter } & { elementSend: typeof elementSend } & { products: typeof products } & { overview: typeof overview } & { liveview: typeof liveview } & { calendar: typeof calendar } & { orderExport: typeof orderExport } & { accessManagement: typeof accessManagement } & { billingPages: typeof billingPages } & { platformLink: typeof platformLink } & { campaigns: typeof campaigns } & { errors: (typeof ERROR_MESSAGES)['zh-CN']; notices: (typeof NOTICE_MESSAGES)['zh-CN'] } };
  }
}
