import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/connect.ts';

export const connect: Messages<typeof zh.connect> = {
  title: 'Connect a store',
  intro: 'Choose the platform your store runs on and fill in its details. Once connected, you can set up your marketing.',
  choosePlatform: 'Choose a platform',
  storeDetails: 'Store details',
  comingLater: 'Coming later',
  customHint: 'Your own site or another platform',
  installHint: 'Install the app from the platform',
  submit: 'Connect store',
  platforms: { shopify: 'Shopify', shoplazza: 'Shoplazza', shopline: 'Shopline', custom: 'Custom' },
};
