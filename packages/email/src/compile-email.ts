import type { EmailDoc } from '@storecast/contract';
import mjml2html from 'mjml';
import { buildMjml } from './build-mjml.ts';
import { buildText } from './build-text.ts';
import { parseEmailDoc, parseEmailStyle } from './parse-email-doc.ts';
import { createPersonalizer } from './personalize.ts';
import { createRenderKit } from './render-kit.ts';
import { findProductWarnings } from './resolve-products.ts';
import { SAMPLE_RECIPIENTS, SIZING_HOOKS } from './sample-values.ts';
import { SlotTable } from './slot-table.ts';
import { splitTemplate } from './split-template.ts';
import type { CompiledEmail, RenderContext } from './types.ts';

/** Gmail clips a message body over 102 KB, hiding the rest (and the unsubscribe link). */
export const GMAIL_CLIP_BYTES = 102 * 1024;

/**
 * Compiles a block document once per send: validates it (EmailDocError names the block), builds
 * MJML with slot tokens, runs MJML once, and cuts the HTML, the plain text and the subject into
 * literal parts and slots, so `personalize` per recipient is only concatenation.
 */
export async function compileEmail(doc: EmailDoc, ctx: RenderContext): Promise<CompiledEmail> {
  const { blocks } = parseEmailDoc(doc);
  const style = parseEmailStyle(ctx.style);
  const table = new SlotTable(ctx.store.name);
  const kit = createRenderKit(ctx, style, table);

  const mjml = buildMjml(blocks, kit);
  const text = buildText(blocks, kit);
  // A subject is one header line: line breaks a store typed become spaces.
  const subject = kit.text(ctx.subject.replace(/[\r\n]+/g, ' ').trim());
  // Strict: our own MJML must be valid; an error here is a renderer bug, not bad input.
  const { html } = await mjml2html(mjml, { validationLevel: 'strict', keepComments: false });

  const personalize = createPersonalizer(
    { html: splitTemplate(html, table), text: splitTemplate(text, table), subject: splitTemplate(subject, table) },
    table.links.length,
  );
  const sizeBytes = Buffer.byteLength(personalize(SAMPLE_RECIPIENTS[ctx.locale], SIZING_HOOKS).html);
  const warnings: string[] = [];
  if (sizeBytes > GMAIL_CLIP_BYTES) warnings.push('errors.content.tooLarge');
  if (table.unknownFields.size > 0) warnings.push('errors.content.unknownField');
  const products = findProductWarnings(blocks, ctx);
  warnings.push(...products.warnings);
  return { links: [...table.links], sizeBytes, warnings, warningParams: products.params, personalize };
}
