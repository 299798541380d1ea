import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/calendar.ts';

export const calendar: Messages<typeof zh.calendar> = {
  title: 'Marketing calendar',
  addPlan: 'New plan',
  editPlan: 'Edit plan',
  fromHoliday: 'Plan for this holiday',
  holidays: 'Holidays',
  plans: 'Plans',
  today: 'Today',
  fields: {
    range: 'Dates',
    holiday: 'Holiday',
    purpose: 'Purpose',
    audience: 'Audience',
    offer: 'Offer',
    strength: 'Discount strength',
    remarks: 'Remarks',
  },
  strength: { large: 'Large', medium: 'Medium', small: 'Small' },
  save: 'Save',
  delete: 'Delete',
  deleteConfirm: 'Delete this marketing plan?',
  startSend: 'Start a Segment Send',
  openSend: 'Open the Segment Send',
  activityLog: {
    time: 'Time',
    actor: 'User',
    action: 'Action',
    target: 'Target',
    allActions: 'All actions',
    range: 'Dates',
  },
};
