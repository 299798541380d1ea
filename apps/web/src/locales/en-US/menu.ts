import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/menu.ts';

export const menu: Messages<typeof zh.menu> = {
  dashboard: 'Dashboard',
  custom: 'Campaigns',
  customEdit: 'Edit campaign',
  customAim: 'Campaign goal',
  customReport: 'Campaign report',
  automation: 'Smart Send',
  automationList: 'Flow list',
  automationEdit: 'Edit flow',
  automationReport: 'Flow report',
  tags: 'Segment Send',
  element: 'Element Send',
  elementProducts: 'Choose products',
  elementMatching: 'Match shoppers',
  elementContent: 'E-mail content',
  elementConfirm: 'Confirm and send',
  elementReport: 'Element Send report',
  popup: 'Subscription pop-up',
  customPopup: 'Pop-up centre',
  emailList: 'Email list',
  popupTemplate: 'Pop-up templates',
  popupContent: 'Pop-up content',
  popupCondition: 'Display conditions',
  popupGallery: 'Choose a template',
};

export const header: Messages<typeof zh.header> = {
  openMenu: 'Open menu',
  avatar: {
    account: 'Account management',
    store: 'Store settings',
    help: 'Help centre',
    support: 'Online support',
    switchStore: 'Switch store',
    logout: 'Log out',
  },
};
