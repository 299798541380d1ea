import type { Messages } from '../types.ts';
import type { aiWriter as zh } from '../zh-CN/ai-writer.ts';

/** The "write it for me" button and pop-over (Segment Send wizard, flow editor); loads with its page. */
export const aiWriter: Messages<typeof zh> = {
  button: 'Write it for me',
  title: 'Write it for me',
  briefLabel: 'Notes (optional)',
  briefPlaceholder: 'e.g. new autumn gift boxes, warm tone',
  write: 'Write',
  writeAgain: 'Write another',
  writing: 'Writing…',
  hint: "Writes the subject, preview text and body from your store's details; you can still edit them.",
  writtenByAi: 'Written by AI. You can still edit it.',
  writtenBuiltIn: 'Written by the built-in writer. You can still edit it.',
};
