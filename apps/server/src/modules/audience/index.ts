/** What other modules (exports, sends) use to select subscribers. */
export { compileSegment, segmentConditionsSql, type SegmentRule } from './compile-segment.ts';
export { subscriberFilterWhere, loadSegmentRule } from './filter-subscribers.ts';
export { activityLevelSql, activityLevelIn } from './activity-level.ts';
export { findSystemGroup, isSystemId } from './system-groups.ts';
export { audienceRoutes } from './routes.ts';
export { nameConsentSource, type ConsentSource } from './name-consent-source.ts';
