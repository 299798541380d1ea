import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/common.ts';

export const common: Messages<typeof zh.common> = {
  actions: 'Actions',
  backToDashboard: 'Back to the dashboard',
  cancel: 'Cancel',
  close: 'Close',
  /** The eight date ranges of the dashboard and the campaign report (SPEC section 1). */
  ranges: {
    today: 'Today',
    yesterday: 'Yesterday',
    this_week: 'This week',
    last_7_days: 'Last 7 days',
    last_week: 'Last week',
    this_month: 'This month',
    last_30_days: 'Last 30 days',
    last_month: 'Last month',
  },
  edit: 'Edit',
  noImage: 'No image',
  save: 'Save',
  refresh: 'Refresh',
  on: 'On',
  off: 'Off',
  language: { label: 'Language', zhCN: '简体中文', enUS: 'English' },
  notFound: { title: 'Page not found', text: 'The page you are looking for does not exist.' },
  pageError: {
    loadTitle: 'This page could not load',
    loadText: 'Part of Storecast did not download, perhaps because of the network or a new version. Try again.',
    title: 'Something went wrong on this page',
    text: 'Try again; if it happens again, go back to the dashboard.',
    retry: 'Try again',
  },
};

export const access: Messages<typeof zh.access> = {
  loginPrompt: 'Login prompt',
};

export const sunset: Messages<typeof zh.sunset> = {
  banner: 'This old version shuts down on {{date}}. Please move to the <link>new version</link>.',
};
