/** /popup-template: the template manager of the internal stores. Waits for the pop-up pages' strings. */
import { withPopupStrings } from '../popup-editor/index.ts';
import { TemplateManagerPage as Manager } from './template-manager-page.tsx';

export const TemplateManagerPage = withPopupStrings(Manager);
