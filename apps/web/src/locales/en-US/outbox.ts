import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/outbox.ts';

export const outbox: Messages<typeof zh.outbox> = {
  title: 'Local outbox',
  intro: "No SMTP server is configured, so mail is kept here instead of being sent: the store's mail, and Storecast's own mail for this store and for you (invitations, sender confirmations). Open a message to see it as its recipient would; its links are in the plain text.",
  empty: 'No mail kept yet.',
  recipient: 'To',
  from: 'From',
  subject: 'Subject',
  keptAt: 'Kept at',
  html: 'Message',
  text: 'Plain text',
  headers: 'Headers',
};
