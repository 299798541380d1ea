import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/order-export.ts';

export const orderExport: Messages<typeof zh.orderExport> = {
  title: 'Order export',
};
