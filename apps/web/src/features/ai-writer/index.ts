/**
 * "Write it for me": copy from the server's writer (the configured AI, or the built-in writer
 * offline) for any feature that writes a message. `WriteForMe` is the button and pop-over;
 * `useWriteCopy` the bare call; `applyCopyToDoc` puts copy into an e-mail's text and button blocks.
 */
export { WriteForMe, type WriteForMeProps } from './write-for-me.tsx';
export { useWriteCopy } from './use-write-copy.ts';
export { applyCopyToDoc, copyToHtml } from './copy-to-doc.ts';
export { loadAiWriterStrings } from './load-ai-writer-strings.ts';
