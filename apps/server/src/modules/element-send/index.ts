/**
 * Element Send: choosing six products and matching each to the shoppers most likely to buy it.
 * The send itself is a strategy of kind `element` (modules/strategy).
 */
export { elementSendRoutes } from './routes.ts';
export { elementMatchJob } from './match-job.ts';
