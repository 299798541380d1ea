/**
 * Element Send: choosing six products and matching each to the shoppers most likely to buy it
 * (score-candidates.ts has the rule). The send itself is a strategy of kind `element`
 * (modules/strategy), which records its deliveries from element_matches.
 */
export { elementSendRoutes } from './routes.ts';
export { elementMatchJob } from './match-job.ts';
