import {
  type Campaign, type CampaignFieldsInput, type CampaignType, type DRAW_IDENTITIES, type DRAW_PERIODS, FORMS_OF_TYPE, type GIFT_MODES,
  type PRIZE_KINDS,
} from '@storecast/contract';

type Form = CampaignFieldsInput['form'];
type TierInput = NonNullable<CampaignFieldsInput['thresholds']>[number];

/** One threshold as the form holds it: an emptied number is null until the owner types one. */
export interface TierValues {
  order_amount: number | null;
  offer_value?: number | null;
  offer_amount?: number | null;
  gift_name?: string;
  gift_price?: number | null;
  assigned_gift_price?: number | null;
}

export interface PrizeValues {
  id?: string;
  kind: (typeof PRIZE_KINDS)[number];
  label: { 'zh-CN': string; 'en-US': string };
  coupon_preset_id: string | null;
  probability: number | null;
  stock: number | null;
  /** What the server counts for a saved prize; shown, never sent. */
  won?: number;
  stock_left?: number | null;
}

/**
 * The editor's values. The draw's settings stay in the form whatever the type, so switching the
 * type back and forth loses nothing; `toCampaignBody` sends only what the chosen type has.
 */
export interface CampaignFormValues {
  name: string;
  type: CampaignType;
  form: Form;
  gift_mode: (typeof GIFT_MODES)[number];
  thresholds: TierValues[];
  banner_url: string;
  collection_url: string;
  theme_color: string;
  font_color: string;
  starts_at: string | null;
  ends_at: string | null;
  coupon_preset_id: string | null;
  unique_codes: boolean;
  draw: { identity: (typeof DRAW_IDENTITIES)[number]; period: (typeof DRAW_PERIODS)[number]; prizes: PrizeValues[] };
}

const emptyLabel = () => ({ 'zh-CN': '', 'en-US': '' });
export const newPrize = (kind: PrizeValues['kind'] = 'coupon'): PrizeValues => ({
  kind, label: emptyLabel(), coupon_preset_id: null, probability: null, stock: kind === 'none' ? null : 100,
});
export const newTier = (): TierValues => ({ order_amount: null });

export function defaultValues(): CampaignFormValues {
  return {
    name: '', type: 'discount', form: 'percent', gift_mode: 'none', thresholds: [newTier()],
    banner_url: '', collection_url: '', theme_color: '#1677ff', font_color: '#ffffff',
    starts_at: null, ends_at: null, coupon_preset_id: null, unique_codes: false,
    draw: { identity: 'email', period: 'once', prizes: [newPrize('coupon'), newPrize('none')] },
  };
}

/** What each type's thresholds ask for (SPEC 5's rules name the same fields). */
export function tierFields(type: CampaignType, form: Form): (keyof TierValues)[] {
  if (type === 'full_gift') return ['order_amount', 'gift_name', 'gift_price', 'assigned_gift_price'];
  if (type === 'full_reduction') return ['order_amount', 'offer_amount'];
  if (type === 'lucky_draw') return [];
  return ['order_amount', form === 'amount' ? 'offer_amount' : 'offer_value'];
}

// An emptied number goes as missing, so the contract names the field ("An amount must be positive…").
const num = (v: number | null | undefined) => v ?? undefined;

/** The save body's campaign: only the fields the chosen type has, in the contract's shape. */
export function toCampaignBody(v: CampaignFormValues): CampaignFieldsInput {
  const fields = tierFields(v.type, v.form);
  const draw = v.type === 'lucky_draw';
  return {
    name: v.name, type: v.type, form: v.form,
    gift_mode: v.type === 'full_gift' ? v.gift_mode : 'none',
    thresholds: (v.thresholds ?? []).filter(() => !draw).map((t) => {
      const tier: Record<string, unknown> = {};
      for (const f of fields) tier[f] = f === 'gift_name' ? (t[f] ?? '') : num(t[f] as number | null | undefined);
      return tier as TierInput;
    }),
    banner_url: v.banner_url ?? '', collection_url: v.collection_url ?? '',
    theme_color: v.theme_color, font_color: v.font_color,
    starts_at: v.starts_at ?? null, ends_at: v.ends_at ?? null,
    coupon_preset_id: draw ? null : v.coupon_preset_id ?? null,
    unique_codes: v.unique_codes ?? false,
    draw: draw
      ? {
          identity: v.draw.identity, period: v.draw.period,
          prizes: (v.draw.prizes ?? []).map((p) => ({
            ...(p.id ? { id: p.id } : {}),
            kind: p.kind, label: p.label ?? emptyLabel(),
            coupon_preset_id: p.kind === 'coupon' ? p.coupon_preset_id ?? null : null,
            probability: num(p.probability) as number,
            stock: p.kind === 'none' ? null : p.stock ?? null,
          })),
        }
      : null,
  };
}

/** A saved campaign as the editor's values; the draw's defaults fill in for other types. */
export function fromCampaign(c: Campaign): CampaignFormValues {
  const base = defaultValues();
  return {
    name: c.name, type: c.type, form: c.form, gift_mode: c.gift_mode,
    thresholds: c.thresholds.length > 0 ? c.thresholds.map((t) => ({ ...t })) : base.thresholds,
    banner_url: c.banner_url, collection_url: c.collection_url, theme_color: c.theme_color, font_color: c.font_color,
    starts_at: c.starts_at, ends_at: c.ends_at, coupon_preset_id: c.coupon_preset_id, unique_codes: c.unique_codes,
    draw: c.draw
      ? {
          identity: c.draw.identity, period: c.draw.period,
          prizes: c.draw.prizes.map((p) => ({
            id: p.id, kind: p.kind, label: { ...p.label }, coupon_preset_id: p.coupon_preset_id,
            probability: p.probability, stock: p.stock, won: p.won, stock_left: p.stock_left,
          })),
        }
      : base.draw,
  };
}

/** The form a type starts with when the owner picks it, and the gift mode a free gift needs. */
export function valuesForType(type: CampaignType, current: CampaignFormValues): Partial<CampaignFormValues> {
  const forms = FORMS_OF_TYPE[type];
  return {
    form: forms.includes(current.form) ? current.form : forms[0]!,
    gift_mode: type === 'full_gift' && current.gift_mode === 'none' ? 'fixed' : current.gift_mode,
  };
}
