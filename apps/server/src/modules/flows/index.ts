/**
 * Smart Send flows: the admin side (definitions, publishing, switches, AI management, reports)
 * and the runtime that enters subscribers and advances their runs.
 */
export { compileStepEmail } from './compile-step-email.ts';

// Runtime: entering (hooks called inside the writer's transaction), advancing, the worker job and
// the delivery engine's sources for flow e-mails and SMS.
export { enterFlowsForEvents, enterWelcome, onOrdersPlaced } from './enter-flows.ts';
export { rawConnectionOf } from './raw-connection-of.ts';
export { enterDailyFlows } from './enter-daily-flows.ts';
export { advanceDueRuns, type AdvanceResult } from './advance-due-runs.ts';
export { flowsJob } from './flows-job.ts';
export { flowEmailSource, flowSmsSource } from './flow-sources.ts';

// Admin: the /automation routes, AI strategy management and the settings the runtime reads.
export { automationRoutes } from './routes.ts';
export { manageWithAi } from './manage-with-ai.ts';
export { reviewAiManagedStores } from './review-ai-managed-stores.ts';
export { readAutomationSettings, parseAutomationSettings } from './read-automation-settings.ts';
