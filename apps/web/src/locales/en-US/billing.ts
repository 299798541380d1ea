import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/billing.ts';

export const billing: Messages<typeof zh.billing> = {
  quota: {
    label: 'Available emails',
    getMore: 'Get more',
    expiresToday: 'Some of your sending volume is about to expire, please use it soon.',
    expiresInDays: '{{num}} emails expire in {{days}} days.',
  },
  membership: { upgrade: 'Upgrade' },
  level: { free: 'Free', starter: 'Starter', basic: 'Basic', professional: 'Professional' },
};
