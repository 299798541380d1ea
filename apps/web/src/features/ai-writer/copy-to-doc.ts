import { escapeHtml, type EmailDoc, type WrittenCopyData } from '@storecast/contract';

/** Written copy's heading and body as a text block's HTML: the heading bold, one paragraph per paragraph. */
export function copyToHtml(copy: Pick<WrittenCopyData, 'heading' | 'body'>): string {
  const paragraphs = copy.body.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  const lines = paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`);
  return `${copy.heading.trim() ? `<p><strong>${escapeHtml(copy.heading.trim())}</strong></p>` : ''}${lines.join('')}`;
}

/**
 * Puts written copy into an e-mail: the first text block gets the heading and body (a new one
 * goes after the header, or first, when there is none) and the first button its label. Other
 * blocks (images, products, coupon, footer) stay as they are.
 */
export function applyCopyToDoc(doc: EmailDoc, copy: WrittenCopyData): EmailDoc {
  const html = copyToHtml(copy);
  let textDone = false;
  let buttonDone = false;
  const blocks = doc.blocks.map((b) => {
    if (b.type === 'text' && !textDone) {
      textDone = true;
      return { ...b, html };
    }
    if (b.type === 'button' && !buttonDone && copy.button.trim()) {
      buttonDone = true;
      return { ...b, text: copy.button.trim() };
    }
    return b;
  });
  if (!textDone) {
    const header = blocks.findIndex((b) => b.type === 'header');
    const footer = blocks.findIndex((b) => b.type === 'footer');
    const at = header >= 0 ? header + 1 : 0;
    const id = `text-ai-${Date.now().toString(36)}`;
    blocks.splice(footer >= 0 && footer < at ? footer : at, 0, { type: 'text', id, html, align: 'left' });
  }
  return { ...doc, blocks };
}
