/**
 * @storecast/email: the e-mail block document -> MJML -> HTML, compiled once per send into a
 * template that personalises per recipient by concatenation (see compile-email.ts).
 */
export { compileEmail, GMAIL_CLIP_BYTES } from './compile-email.ts';
export { renderPreview, type EmailPreview } from './render-preview.ts';
export { EmailDocError, parseEmailDoc, parseEmailStyle } from './parse-email-doc.ts';
export { addUtm } from './add-utm.ts';
export { escapeHtml } from './escape-html.ts';
export { FIXED_TEXTS, type EmailLocale, type FixedTexts } from './fixed-texts.ts';
export { SAMPLE_RECIPIENTS } from './sample-values.ts';
export type { CompiledEmail, LinkHooks, PersonalizedEmail, ProductView, Recipient, RenderContext } from './types.ts';
