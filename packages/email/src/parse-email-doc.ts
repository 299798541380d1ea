import { emailDocSchema, emailStyleSchema, type EmailDoc, type EmailStyle } from '@storecast/contract';

/** The part of a zod issue this package reads (zod itself is the contract's dependency). */
export interface DocIssue {
  path: PropertyKey[];
  message: string;
}

/**
 * Thrown when the block document or the style is not valid. `key` is a message key of the
 * catalogue (the first problem's own key, else 'errors.content.invalid'); `blockIndex` (from 0)
 * and `blockType` say which block, so the editor can point at it.
 */
export class EmailDocError extends Error {
  constructor(
    readonly key: string,
    readonly blockIndex: number | null,
    readonly blockType: string | null,
    readonly issues: DocIssue[],
  ) {
    const where = blockIndex === null ? '' : `block ${blockIndex + 1} (${blockType ?? 'unknown type'}): `;
    const path = issues[0]?.path.join('.') ?? '';
    super(`Invalid e-mail content: ${where}${key}${path ? ` at ${path}` : ''}`);
    this.name = 'EmailDocError';
  }
}

function fail(issues: DocIssue[], source: unknown, inStyle: boolean): never {
  const first = issues[0];
  // A field's own key names the problem; the contract's generic ones ("choose an allowed value")
  // say less about an e-mail than the renderer's own.
  const own = first && first.message.startsWith('errors.') && !first.message.startsWith('errors.common.');
  const key = own ? first.message : inStyle ? 'errors.style.invalid' : 'errors.content.invalid';
  let blockIndex: number | null = null;
  let blockType: string | null = null;
  if (!inStyle && first && first.path[0] === 'blocks' && typeof first.path[1] === 'number') {
    blockIndex = first.path[1];
    const blocks = (source as { blocks?: unknown })?.blocks;
    const raw = Array.isArray(blocks) ? (blocks[blockIndex] as { type?: unknown } | undefined) : undefined;
    blockType = typeof raw?.type === 'string' ? raw.type : null;
  }
  throw new EmailDocError(key, blockIndex, blockType, issues);
}

export function parseEmailDoc(doc: unknown): EmailDoc {
  const parsed = emailDocSchema.safeParse(doc);
  return parsed.success ? parsed.data : fail(parsed.error.issues, doc, false);
}

export function parseEmailStyle(style: unknown): EmailStyle {
  const parsed = emailStyleSchema.safeParse(style);
  return parsed.success ? parsed.data : fail(parsed.error.issues, style, true);
}
