/**
 * The e-mail editor, for every feature that writes an e-mail (Segment Send today; flows and
 * campaigns next). It edits a contract `EmailDoc` and knows no feature: the document and the
 * store's coupon presets come in as props; `useEmailPreview` asks the server's one renderer.
 */
export { emptyDoc, ensureFooter } from './block-model.ts';
export { EmailBlockEditor } from './components/email-block-editor.tsx';
export { EmailPreview, previewableDoc, type PreviewState, type RenderedEmail } from './components/email-preview.tsx';
export { matchingPreset, type CouponFields, type CouponPresetList } from './components/coupon-preset-picker.tsx';
export { InputWithFields } from './components/input-with-fields.tsx';
export { STARTERS, type StarterKey, type StarterTexts } from './starter-templates.ts';
export { useStarterTexts } from './use-block-texts.ts';
export { useEmailPreview } from './use-email-preview.ts';
