import { account } from './account.ts';
import { auth } from './auth.ts';
import { billing } from './billing.ts';
import { brand } from './brand.ts';
import { access, common, sunset } from './common.ts';
import { connect } from './connect.ts';
import { dashboard } from './dashboard.ts';
import { emailEditor } from './email-editor.ts';
import { emailList } from './email-list.ts';
import { header, menu } from './menu.ts';
import { help } from './help.ts';
import { outbox } from './outbox.ts';
import { segments } from './segments.ts';
import { segmentSend } from './segment-send.ts';
import { sender } from './sender.ts';
import { store } from './store.ts';

/** UI strings by feature; the `errors` keys come from the contract (see ../index.ts). */
export const ui = {
  common, access, sunset, menu, header, auth, connect, dashboard, account, store, billing,
  emailList, segments, segmentSend, emailEditor, brand, sender, outbox, help,
};
