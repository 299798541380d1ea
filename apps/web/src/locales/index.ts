import { ERROR_MESSAGES, NOTICE_MESSAGES } from '@storecast/contract';
import { popup as popupEnUS } from './en-US/popup.ts';
import { ui as enUS } from './en-US/index.ts';
import { popup as popupZhCN } from './zh-CN/popup.ts';
import { ui as zhCN } from './zh-CN/index.ts';

/**
 * i18next resources: the UI strings of this app plus the contract's `errors` and `notices`
 * catalogues, which the server also answers with, so a form rule and a server reply read the same.
 * The app itself loads `popup` only with the pop-up pages; here every catalogue is whole.
 */
export const resources = {
  'zh-CN': { translation: { ...zhCN, popup: popupZhCN, errors: ERROR_MESSAGES['zh-CN'], notices: NOTICE_MESSAGES['zh-CN'] } },
  'en-US': { translation: { ...enUS, popup: popupEnUS, errors: ERROR_MESSAGES['en-US'], notices: NOTICE_MESSAGES['en-US'] } },
};
