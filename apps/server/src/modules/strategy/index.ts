/**
 * Segment Send and Element Send: the strategy record (save, read, actions, report, scheduling,
 * recommendations). Their mail goes out through the delivery engine, to which they are one
 * source (segment-send-source.ts).
 */
export { strategyRoutes } from './routes.ts';
export { segmentSendSource } from './segment-send-source.ts';
export { scheduledSendJob } from './jobs.ts';
// The send benchmark (bench/send.ts) starts a send and loads its plan like the worker does.
export { startSend } from './start-send.ts';
export { loadSendPlan } from './load-send-context.ts';
// Smart Send compiles its flow e-mails the same way (store style, footer, rebased media URLs).
// A product block whose product left the catalogue is only a warning there; requireProducts refuses it.
export { compileStrategyEmail, requireProducts } from './load-send-context.ts';
