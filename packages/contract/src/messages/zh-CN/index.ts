/**
 * The zh-CN messages the server and the forms share: the source every other language is typed
 * from. `errors` says what went wrong; `notices` holds success messages and texts (mail, SMS,
 * public pages, names) so a reader of a key knows which it is. Placeholders use the {{name}} form
 * of i18next. The admin loads this file as its zh-CN chunk (`@storecast/contract/messages/zh-CN`).
 */
import type { Messages } from '../types.ts';
import { accountErrors, accountNotices } from './account.ts';
import { accessErrors, accessNotices } from './access.ts';
import { aiErrors } from './ai.ts';
import { billingErrors, billingNotices } from './billing.ts';
import { apiErrors } from './api.ts';
import { automationErrors, automationNotices } from './automation.ts';
import { audienceErrors, audienceNotices } from './audience.ts';
import { brandErrors, brandNotices } from './brand.ts';
import { calendarErrors, calendarNotices } from './calendar.ts';
import { campaignErrors, campaignNotices } from './campaign.ts';
import { commonErrors } from './common.ts';
import { contentErrors, contentNotices } from './content.ts';
import { elementErrors, elementNotices } from './element.ts';
import { liveviewErrors } from './liveview.ts';
import { senderErrors, senderNotices } from './sender.ts';
import { sendingErrors, sendingNotices } from './sending.ts';
import { popupErrors, popupNotices } from './popup.ts';
import { storefrontErrors, storefrontNotices } from './storefront.ts';
import { storeErrors } from './store.ts';
import { platformSyncErrors } from './platform-sync.ts';
import { transferErrors, transferNotices } from './transfer.ts';

export const errorsZhCN = {
  ...accountErrors, ...storeErrors, ...audienceErrors, ...transferErrors, ...apiErrors,
  ...contentErrors, ...brandErrors, ...senderErrors, ...sendingErrors, ...popupErrors, ...storefrontErrors,
  ...liveviewErrors, ...automationErrors, ...aiErrors, ...elementErrors, ...calendarErrors, ...commonErrors,
  ...billingErrors, ...accessErrors, ...platformSyncErrors, ...campaignErrors,
};

export const noticesZhCN = {
  ...accountNotices, ...audienceNotices, ...transferNotices, ...contentNotices, ...brandNotices, ...senderNotices,
  ...sendingNotices, ...popupNotices, ...storefrontNotices, ...automationNotices, ...elementNotices, ...calendarNotices,
  ...billingNotices, ...accessNotices, ...campaignNotices,
};

export type ErrorCatalogue = Messages<typeof errorsZhCN>;
export type NoticeCatalogue = Messages<typeof noticesZhCN>;
