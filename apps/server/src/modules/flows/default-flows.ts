import type { EmailDoc, FlowDefinition, FlowKind, FlowStep } from '@storecast/contract';
import type { Deps } from '../../deps.ts';
import { type CopyFacts, type CopyPurpose, type CopyRequest, writeCopy, type WrittenCopy } from '../ai/index.ts';

/**
 * The definition a store's flow starts with (SPEC section 9): a sensible series per kind whose
 * words are written for the store in the owner's language. Waits follow what the kinds usually
 * do: an abandoned cart is recalled after a few hours, a win-back after 60 days without an order.
 */

/** A coupon the defaults may offer: one of the store's presets. */
export interface DefaultCoupon { id: string; code: string; discount: number }

export interface DefaultFacts extends Omit<CopyFacts, 'coupon'> {
  coupon: DefaultCoupon | null;
}

/** Waits a default (or AI management) may change; minutes. */
export interface FlowTiming {
  /** The first wait before the first message (abandonment flows, post-purchase). */
  firstWait?: { amount: number; unit: 'minutes' | 'hours' | 'days' };
  winBackDays?: number;
}

type Shape =
  | { type: 'wait'; amount: number; unit: 'minutes' | 'hours' | 'days'; first?: true }
  | { type: 'email'; purpose: CopyPurpose; coupon?: true; seed?: number }
  | { type: 'sms'; purpose: CopyPurpose }
  | { type: 'split'; condition: 'opened' | 'clicked' | 'purchased'; yes: Shape[]; no: Shape[] };

/** The series of each kind; `first` marks the wait AI management may tune. */
const SHAPES: Record<FlowKind, { steps: Shape[]; exitOnPurchase: boolean }> = {
  welcome: {
    exitOnPurchase: false,
    steps: [
      { type: 'email', purpose: 'welcome' },
      { type: 'wait', amount: 2, unit: 'days' },
      { type: 'email', purpose: 'welcome', coupon: true, seed: 1 },
    ],
  },
  'abandoned-cart': {
    exitOnPurchase: true,
    steps: [
      { type: 'wait', amount: 4, unit: 'hours', first: true },
      { type: 'email', purpose: 'abandoned-cart' },
      { type: 'wait', amount: 6, unit: 'hours' },
      { type: 'split', condition: 'opened', yes: [], no: [{ type: 'sms', purpose: 'abandoned-cart' }] },
    ],
  },
  'browse-abandonment': {
    exitOnPurchase: true,
    steps: [
      { type: 'wait', amount: 2, unit: 'hours', first: true },
      { type: 'email', purpose: 'browse-abandonment' },
    ],
  },
  'abandoned-checkout': {
    exitOnPurchase: true,
    steps: [
      { type: 'wait', amount: 1, unit: 'hours', first: true },
      { type: 'email', purpose: 'abandoned-checkout' },
      { type: 'wait', amount: 6, unit: 'hours' },
      { type: 'split', condition: 'opened', yes: [], no: [{ type: 'sms', purpose: 'abandoned-checkout' }] },
    ],
  },
  'post-purchase': {
    exitOnPurchase: false,
    steps: [
      { type: 'wait', amount: 1, unit: 'days', first: true },
      { type: 'email', purpose: 'post-purchase' },
      { type: 'wait', amount: 14, unit: 'days' },
      { type: 'email', purpose: 'cross-sell' },
    ],
  },
  'win-back': {
    exitOnPurchase: true,
    steps: [
      { type: 'email', purpose: 'win-back', coupon: true },
      { type: 'wait', amount: 3, unit: 'days' },
      { type: 'split', condition: 'purchased', yes: [], no: [{ type: 'email', purpose: 'win-back', coupon: true, seed: 1 }] },
    ],
  },
  birthday: {
    exitOnPurchase: false,
    steps: [{ type: 'email', purpose: 'birthday', coupon: true }],
  },
};

/** Kinds whose default offers a coupon when the store has one. */
export const KINDS_WITH_COUPON: readonly FlowKind[] = ['welcome', 'win-back', 'birthday'];

/** Where the kind's first wait is, if it has one AI management may tune. */
export function firstWaitOf(kind: FlowKind): { amount: number; unit: 'minutes' | 'hours' | 'days' } | null {
  const w = SHAPES[kind].steps.find((s) => s.type === 'wait' && s.first);
  return w && w.type === 'wait' ? { amount: w.amount, unit: w.unit } : null;
}

/** The default definition of a flow kind, its copy written for the store; says whether AI wrote any of it. */
export async function defaultFlowDefinition(
  deps: Deps,
  kind: FlowKind,
  facts: DefaultFacts,
  timing: FlowTiming = {},
): Promise<{ definition: FlowDefinition; by: 'ai' | 'built-in' }> {
  const shape = SHAPES[kind];
  let by: 'ai' | 'built-in' = 'built-in';
  const count: Record<string, number> = {};
  const keyOf = (type: string) => `${type}-${(count[type] = (count[type] ?? 0) + 1)}`;
  const build = async (shapes: Shape[]): Promise<FlowStep[]> => {
    const out: FlowStep[] = [];
    for (const s of shapes) {
      if (s.type === 'wait') {
        const w = s.first && timing.firstWait ? timing.firstWait : s;
        out.push({ key: keyOf('wait'), type: 'wait', amount: w.amount, unit: w.unit });
      } else if (s.type === 'split') {
        const key = keyOf('split');
        out.push({ key, type: 'split', condition: s.condition, yes: await build(s.yes), no: await build(s.no) });
      } else {
        const coupon = s.type === 'email' && s.coupon ? facts.coupon : null;
        const req: CopyRequest = {
          purpose: s.purpose,
          channel: s.type,
          facts: { ...facts, coupon: coupon ? { code: coupon.code, discount: coupon.discount } : null },
          // The second e-mail of a kind takes the writer's next variant, so it does not repeat the first.
          ...(s.type === 'email' && s.seed ? { seed: s.seed } : {}),
        };
        const copy = await writeFlowCopy(deps, req);
        if (copy.by === 'ai') by = 'ai';
        if (s.type === 'sms') {
          out.push({ key: keyOf('sms'), type: 'sms', text: copy.sms });
        } else {
          out.push({
            key: keyOf('email'), type: 'email', title: copy.subject.slice(0, 150), summary: copy.preview.slice(0, 200),
            content: emailFromCopy(copy, facts, coupon), coupon_id: coupon?.id ?? null,
          });
        }
      }
    }
    return out;
  };
  const definition: FlowDefinition = {
    steps: await build(shape.steps),
    exit_on_purchase: shape.exitOnPurchase,
    ...(kind === 'win-back' ? { win_back_days: timing.winBackDays ?? 60 } : {}),
    utm: { source: 'storecast', medium: 'email', campaign: kind },
  };
  return { definition, by };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A plain e-mail from written copy: logo, heading and text, the coupon, a button to the store, the footer. */
export function emailFromCopy(copy: WrittenCopy, facts: Pick<CopyFacts, 'homepageUrl' | 'locale'>, coupon: DefaultCoupon | null): EmailDoc {
  const paragraphs = copy.body.split(/\n+/).filter((p) => p.trim()).map((p) => `<p>${escapeHtml(p.trim())}</p>`).join('');
  const href = /^https?:\/\//.test(facts.homepageUrl) ? facts.homepageUrl : null;
  return {
    version: 1,
    blocks: [
      { type: 'header', id: 'header', align: 'center' },
      { type: 'text', id: 'text', align: 'left', html: `<p><strong>${escapeHtml(copy.heading)}</strong></p>${paragraphs}` },
      ...(coupon ? [{ type: 'coupon' as const, id: 'coupon', code: coupon.code, discount: coupon.discount, description: '' }] : []),
      ...(href ? [{ type: 'button' as const, id: 'button', text: copy.button.slice(0, 60) || 'Shop', href, align: 'center' as const }] : []),
      { type: 'footer', id: 'footer', text: '', address: '' },
    ],
  };
}

/**
 * Copy for a flow step: the configured chat-completions API, else (or when it fails) the AI
 * module's built-in writer, in the request's language.
 */
export function writeFlowCopy(deps: Deps, req: CopyRequest): Promise<WrittenCopy> {
  return writeCopy(deps, req);
}
