import type { EmailDoc } from '@storecast/contract';
import { compileEmail } from './compile-email.ts';
import { SAMPLE_RECIPIENTS } from './sample-values.ts';
import type { LinkHooks, PersonalizedEmail, Recipient, RenderContext } from './types.ts';

export interface EmailPreview extends PersonalizedEmail {
  links: string[];
  sizeBytes: number;
  warnings: string[];
  /** See CompiledEmail.warningParams. */
  warningParams?: Record<string, Record<string, string>>;
}

/**
 * Compiles and personalises with a sample recipient (or the one given). Links go straight to
 * their destinations, the unsubscribe link to `unsubscribeUrl` ('#' by default), no pixel.
 */
export async function renderPreview(
  doc: EmailDoc,
  ctx: RenderContext,
  options: { recipient?: Recipient; unsubscribeUrl?: string } = {},
): Promise<EmailPreview> {
  const compiled = await compileEmail(doc, ctx);
  const hooks: LinkHooks = { unsubscribeUrl: options.unsubscribeUrl ?? '#', openPixelUrl: null, linkUrl: (i) => compiled.links[i]! };
  const email = compiled.personalize(options.recipient ?? SAMPLE_RECIPIENTS[ctx.locale], hooks);
  return { ...email, links: compiled.links, sizeBytes: compiled.sizeBytes, warnings: compiled.warnings, warningParams: compiled.warningParams };
}
