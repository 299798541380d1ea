/**
 * The en-US messages, typed from the zh-CN source (each area file is). Wording of SPEC section 8
 * is kept where SPEC lists the message. The admin loads this file as its en-US chunk
 * (`@storecast/contract/messages/en-US`).
 */
import type { ErrorCatalogue, NoticeCatalogue } from '../zh-CN/index.ts';
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

export const errorsEnUS: ErrorCatalogue = {
  ...accountErrors, ...storeErrors, ...audienceErrors, ...transferErrors, ...apiErrors,
  ...contentErrors, ...brandErrors, ...senderErrors, ...sendingErrors, ...popupErrors, ...storefrontErrors,
  ...liveviewErrors, ...automationErrors, ...aiErrors, ...elementErrors, ...calendarErrors, ...commonErrors,
  ...billingErrors, ...accessErrors, ...platformSyncErrors, ...campaignErrors,
};

export const noticesEnUS: NoticeCatalogue = {
  ...accountNotices, ...audienceNotices, ...transferNotices, ...contentNotices, ...brandNotices, ...senderNotices,
  ...sendingNotices, ...popupNotices, ...storefrontNotices, ...automationNotices, ...elementNotices, ...calendarNotices,
  ...billingNotices, ...accessNotices, ...campaignNotices,
};

/** The catalogue shapes, also reachable from this language's entry point. */
export type { ErrorCatalogue, NoticeCatalogue } from '../zh-CN/index.ts';
