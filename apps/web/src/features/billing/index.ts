/** Sending volume and membership of the current store: the header's indicators and the plan pages' data. */
export { levelNameKey } from './level-name.ts';
export { MembershipIndicator } from './membership-indicator.tsx';
export { useSendPackage, useVipInfo } from './queries.ts';
export { QuotaIndicator } from './quota-indicator.tsx';
export { useQuotaWarning } from './use-quota-warning.ts';
