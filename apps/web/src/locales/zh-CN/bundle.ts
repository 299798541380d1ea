import { errorsZhCN, noticesZhCN } from '@storecast/contract/messages/zh-CN';
import antd from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import { ui } from './index.ts';

/** Everything the app needs to speak zh-CN, loaded as one chunk only when zh-CN is the language. */
export const bundle = { translation: { ...ui, errors: errorsZhCN, notices: noticesZhCN }, antd, dayjs: 'zh-cn' };
