import { errorsEnUS, noticesEnUS } from '@storecast/contract/messages/en-US';
import antd from 'antd/locale/en_US';

import { ui } from './index.ts';

/** Everything the app needs to speak en-US, loaded as one chunk only when en-US is the language. */
export const bundle = { translation: { ...ui, errors: errorsEnUS, notices: noticesEnUS }, antd, dayjs: 'en' };
