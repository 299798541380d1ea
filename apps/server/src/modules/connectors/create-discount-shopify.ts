import type { ShopifyAdmin } from './run-bulk-query.ts';

/** A coupon as a platform discount code: percent off or an amount off the order, with its limits. */
export interface DiscountCodeInput {
  code: string;
  title: string;
  /** Exactly one of these: percent off (0-100), or an amount in the shop's currency as a decimal string. */
  percentOff?: number;
  amountOff?: string;
  /** How many times the code can be used in all; null or left out is no limit. */
  usageLimit?: number | null;
  oncePerCustomer?: boolean;
  startsAt: Date;
  endsAt?: Date | null;
}

/** Shopify refused the discount (its user errors, joined); trying again the same way will not help. */
export class DiscountRefusedError extends Error {}

const FIND = `query FindDiscount($code: String!) { codeDiscountNodeByCode(code: $code) { id } }`;

const CREATE = `mutation CreateDiscount($basicCodeDiscount: DiscountCodeBasicInput!) {
  discountCodeBasicCreate(basicCodeDiscount: $basicCodeDiscount) {
    codeDiscountNode { id }
    userErrors { field code message }
  }
}`;

type Found = { codeDiscountNodeByCode: { id: string } | null };
type Created = {
  discountCodeBasicCreate: {
    codeDiscountNode: { id: string } | null;
    userErrors: { field: string[] | null; code: string | null; message: string }[];
  } | null;
};

/**
 * Creates the code on Shopify as a basic code discount (`discountCodeBasicCreate`, the whole
 * order, every customer) and returns its `DiscountCodeNode` id. Idempotent: a code Shopify has
 * already (an earlier try whose answer was lost, or the owner made it by hand) is looked up by
 * `codeDiscountNodeByCode` first and its id returned, so a retry never makes a second discount;
 * a `TAKEN` answer to a create racing another looks it up again. Throttling (429, THROTTLED) is
 * waited out by the admin client.
 */
export async function createDiscountShopify(admin: ShopifyAdmin, input: DiscountCodeInput): Promise<{ id: string; created: boolean }> {
  const existing = await findDiscount(admin, input.code);
  if (existing) return { id: existing, created: false };
  const value = input.percentOff !== undefined
    // Shopify takes a fraction: 0.15 is 15 % off.
    ? { percentage: Math.round(input.percentOff * 100) / 10_000 }
    : { discountAmount: { amount: input.amountOff, appliesOnEachItem: false } };
  const res = await admin.request<Created>(CREATE, {
    basicCodeDiscount: {
      title: input.title,
      code: input.code,
      startsAt: input.startsAt.toISOString(),
      endsAt: input.endsAt ? input.endsAt.toISOString() : null,
      customerGets: { value, items: { all: true } },
      context: { all: 'ALL' },
      usageLimit: input.usageLimit ?? null,
      appliesOncePerCustomer: input.oncePerCustomer ?? false,
    },
  });
  const payload = res.discountCodeBasicCreate;
  if (payload?.codeDiscountNode) return { id: payload.codeDiscountNode.id, created: true };
  const errors = payload?.userErrors ?? [];
  if (errors.some((e) => e.code === 'TAKEN' && e.field?.includes('code'))) {
    const raced = await findDiscount(admin, input.code);
    if (raced) return { id: raced, created: false };
  }
  throw new DiscountRefusedError(errors.map((e) => e.message).join('; ').slice(0, 500) || 'discount not created');
}

async function findDiscount(admin: ShopifyAdmin, code: string): Promise<string | null> {
  const res = await admin.request<Found>(FIND, { code });
  return res.codeDiscountNodeByCode?.id ?? null;
}

const UPDATE = `mutation UpdateDiscount($id: ID!, $basicCodeDiscount: DiscountCodeBasicInput!) {
  discountCodeBasicUpdate(id: $id, basicCodeDiscount: $basicCodeDiscount) {
    codeDiscountNode { id }
    userErrors { field code message }
  }
}`;

type Updated = { discountCodeBasicUpdate: Created['discountCodeBasicCreate'] };

/**
 * Sets what the code takes off (`discountCodeBasicUpdate`, only the value sent, so what else the
 * owner set on Shopify stays). Returns false when Shopify no longer has the discount.
 */
export async function updateDiscountValueShopify(admin: ShopifyAdmin, id: string, percentOff: number): Promise<boolean> {
  const res = await admin.request<Updated>(UPDATE, {
    id, basicCodeDiscount: { customerGets: { value: { percentage: Math.round(percentOff * 100) / 10_000 } } },
  });
  const payload = res.discountCodeBasicUpdate;
  if (payload?.codeDiscountNode) return true;
  const errors = payload?.userErrors ?? [];
  if (errors.some((e) => e.field?.[0] === 'id')) return false;
  throw new DiscountRefusedError(errors.map((e) => e.message).join('; ').slice(0, 500) || 'discount not updated');
}
