/**
 * What each membership level unlocks (SPEC section 6: features gated by membership level). The
 * server refuses a gated route below its level (routes name their feature in the contract); the
 * admin shows the same table on /store/vip-plan and an upgrade link where a refusal appears.
 * Level 0 (free) keeps everything not listed: Segment Send, the subscription pop-up, the e-mail
 * list with import and export, the dashboard and the calendar.
 */
export const MEMBERSHIP_FEATURES = {
  /** Smart Send: automated flows. */
  smartSend: 1,
  /** The pop-up centre: pop-ups beyond the subscription pop-up. */
  popupCentre: 1,
  /** Element Send: six products matched to audiences. */
  elementSend: 2,
  /** The AI writer of titles and copy. */
  aiWriter: 3,
} as const;

export type MembershipFeature = keyof typeof MEMBERSHIP_FEATURES;

/** Features a level unlocks, in the order of the table above. */
export function featuresOfLevel(level: number): MembershipFeature[] {
  return (Object.keys(MEMBERSHIP_FEATURES) as MembershipFeature[]).filter((f) => MEMBERSHIP_FEATURES[f] <= level);
}
