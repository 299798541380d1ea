/** /custom-popup: the pop-up centre. Each page waits for the pop-up pages' strings. */
import { withPopupStrings } from '../popup-editor/index.ts';
import { ConditionStepPage as Condition } from './condition-step-page.tsx';
import { ContentStepPage as Content } from './content-step-page.tsx';
import { PopupCentrePage as Centre } from './popup-centre-page.tsx';
import { TemplateStepPage as Template } from './template-step-page.tsx';

export const PopupCentrePage = withPopupStrings(Centre);
export const TemplateStepPage = withPopupStrings(Template);
export const ContentStepPage = withPopupStrings(Content);
export const ConditionStepPage = withPopupStrings(Condition);
