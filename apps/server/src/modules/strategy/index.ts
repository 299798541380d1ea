/**
 * Segment Send: the strategy record (save, read, actions, report, scheduling). Its mail goes
 * out through the delivery engine, to which it is a source (segment-send-source.ts).
 */
export { strategyRoutes } from './routes.ts';
export { segmentSendSource } from './segment-send-source.ts';
export { scheduledSendJob } from './jobs.ts';
// The send benchmark (bench/send.ts) starts a send and loads its plan like the worker does.
export { startSend } from './start-send.ts';
export { loadSendPlan } from './load-send-context.ts';
// Smart Send compiles its flow e-mails the same way (store style, footer, rebased media URLs).
export { compileStrategyEmail } from './load-send-context.ts';
