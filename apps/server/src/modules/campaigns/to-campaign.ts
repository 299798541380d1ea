import {
  type Campaign, type CAMPAIGN_FORMS, type CampaignFields, campaignFieldsSchema, type CampaignGoal, campaignGoalSchema, type CampaignType,
} from '@storecast/contract';
import type { campaignPrizes, campaigns } from '@storecast/db';

type CampaignRow = typeof campaigns.$inferSelect;
type PrizeRow = typeof campaignPrizes.$inferSelect;

/** What of the contract's fields lives in `settings` rather than a column. */
export function settingsOf(c: CampaignFields): Record<string, unknown> {
  return {
    gift_mode: c.gift_mode, thresholds: c.thresholds, banner_url: c.banner_url, collection_url: c.collection_url,
    theme_color: c.theme_color, font_color: c.font_color, coupon_preset_id: c.coupon_preset_id, unique_codes: c.unique_codes,
  };
}

export function columnsOf(c: CampaignFields) {
  return {
    name: c.name, type: c.type, form: c.form,
    startsAt: c.starts_at ? new Date(c.starts_at) : null,
    endsAt: c.ends_at ? new Date(c.ends_at) : null,
    settings: settingsOf(c),
    drawIdentity: c.draw?.identity ?? null,
    drawPeriod: c.draw?.period ?? null,
  };
}

/** A stored campaign as the API answers it; `settings` is parsed, so a field added later gets its default. */
export function toCampaign(row: CampaignRow, prizes: PrizeRow[]): Campaign {
  const fields = campaignFieldsSchema.parse({
    ...row.settings, name: row.name, type: row.type, form: row.form,
    starts_at: row.startsAt?.toISOString() ?? null, ends_at: row.endsAt?.toISOString() ?? null, draw: null,
  });
  const draw = row.type === 'lucky_draw' && row.drawIdentity
    ? {
        identity: row.drawIdentity as 'email' | 'phone' | 'visitor',
        period: row.drawPeriod as 'once' | 'day' | 'week',
        prizes: prizes.map((p) => ({
          id: p.id, kind: p.kind, label: p.label as { 'zh-CN': string; 'en-US': string }, coupon_preset_id: p.couponPresetId,
          probability: p.weight / 100, stock: p.stock, won: p.won, stock_left: p.stockLeft,
        })),
      }
    : null;
  return {
    ...fields, id: row.id, status: row.status, draw, goal: goalOf(row),
    created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  };
}

/** A stored campaign as the list and the report name it: its columns, not its settings. */
export function toCampaignSummary(r: CampaignRow) {
  return {
    id: r.id, name: r.name, type: r.type as CampaignType, form: r.form as (typeof CAMPAIGN_FORMS)[number], status: r.status,
    starts_at: r.startsAt?.toISOString() ?? null, ends_at: r.endsAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString(),
  };
}

/** The stored goal, or null when none is set (or one stored is no longer a goal the contract knows). */
export function goalOf(row: Pick<CampaignRow, 'goal'>): CampaignGoal | null {
  const parsed = campaignGoalSchema.safeParse(row.goal);
  return parsed.success ? parsed.data : null;
}
