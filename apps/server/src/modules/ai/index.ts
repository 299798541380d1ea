/**
 * Copy writing: an OpenAI-compatible chat-completions client and the built-in writer that works
 * offline. `writeCopy` never fails (background work falls back to the built-in writer); the
 * "write it for me" route tells the person when the configured API failed.
 */
export { aiRoutes } from './routes.ts';
export { type AiDeps, writeCopy, writeCopyWithAi } from './write-copy.ts';
export { writeCopyOffline } from './write-copy-offline.ts';
export { fitSms } from './fit-sms.ts';
export { AiUnavailableError } from './ask-chat-completions.ts';
export type { CopyFacts, CopyPurpose, CopyRequest, WrittenCopy } from './write-copy-types.ts';
