/** /popup: the store's subscription pop-up. Each page waits for the pop-up pages' strings. */
import { withPopupStrings } from '../popup-editor/index.ts';
import { PopupConditionPage as Condition } from './popup-condition-page.tsx';
import { PopupContentPage as Content } from './popup-content-page.tsx';
import { PopupHomePage as Home } from './popup-home-page.tsx';

export const PopupHomePage = withPopupStrings(Home);
export const PopupContentPage = withPopupStrings(Content);
export const PopupConditionPage = withPopupStrings(Condition);
