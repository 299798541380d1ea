/**
 * What the pop-up pages share (/popup, /custom-popup, /popup-template): the content and condition
 * editors, the live preview drawn by the storefront's own code, template pictures, the numbers
 * and chart of a pop-up, and the strings of all of them, which load with the pages.
 */
export { PopupContentEditor } from './content-editor.tsx';
export { PopupConditionEditor } from './condition-editor.tsx';
export { PopupPreview } from './popup-preview.tsx';
export { EditorWithPreview } from './editor-with-preview.tsx';
export { TemplateCover, templateName } from './template-cover.tsx';
export { PopupDailyChart, PopupTotals, formatRate } from './popup-stats.tsx';
export { HideMenuButton } from './hide-menu-button.tsx';
export { usePopupForm, useLiveContent } from './use-popup-form.ts';
export { presetCoupon } from './preset-coupon.ts';
export { schemaIssues, schemaRule, fieldProblem, firstProblem } from './schema-rule.ts';
export { loadPopupStrings, withPopupStrings } from './load-popup-strings.ts';
