import type { GraphQLFieldResolver } from 'graphql';
import type { AdminContext } from './admin-context.ts';
import { gid, parseGid, type CustomerRecord, type DiscountRecord, type WebhookSubscriptionRecord } from './fake-shopify-store.ts';

interface SubscriptionInput {
  callbackUrl?: string | null;
  format?: 'JSON' | 'XML' | null;
  includeFields?: string[] | null;
  metafieldNamespaces?: string[] | null;
}

interface DiscountInput {
  title?: string | null;
  code?: string | null;
  startsAt?: string | null;
  endsAt?: string | null;
  customerGets?: {
    value?: { percentage?: number | null; discountAmount?: { amount?: string | null; appliesOnEachItem?: boolean | null } | null } | null;
    items?: { all?: boolean | null } | null;
  } | null;
  usageLimit?: number | null;
  appliesOncePerCustomer?: boolean | null;
}

const nowIso = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Shopify refuses an address that is not https. The fake also takes http on loopback, where the
 * tests' receivers listen (a deliberate difference, so tests need no TLS).
 */
function addressProblem(url: string | null | undefined): string | null {
  if (!url) return "Address can't be blank";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Address is invalid';
  }
  const loopback = parsed.hostname === '127.0.0.1' || parsed.hostname === 'localhost' || parsed.hostname === '[::1]';
  if (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && loopback)) return null;
  return `Address protocol ${parsed.protocol}// is not supported`;
}

function createSubscription(_s: unknown, a: { topic: string; webhookSubscription: SubscriptionInput }, ctx: AdminContext) {
  const input = a.webhookSubscription;
  const problem = addressProblem(input.callbackUrl);
  if (problem) return { webhookSubscription: null, userErrors: [{ field: ['webhookSubscription', 'callbackUrl'], message: problem }] };
  const list = ctx.store.webhookSubscriptions;
  if (list.some((w) => w.topic === a.topic && w.callbackUrl === input.callbackUrl)) {
    return { webhookSubscription: null, userErrors: [{ field: ['webhookSubscription', 'callbackUrl'], message: 'Address for this topic has already been taken' }] };
  }
  const at = nowIso();
  const record: WebhookSubscriptionRecord = {
    id: (list.at(-1)?.id ?? 0) + 1,
    topic: a.topic,
    callbackUrl: input.callbackUrl as string,
    format: input.format ?? 'JSON',
    includeFields: input.includeFields ?? [],
    metafieldNamespaces: input.metafieldNamespaces ?? [],
    createdAt: at,
    updatedAt: at,
  };
  list.push(record);
  return { webhookSubscription: record, userErrors: [] };
}

function findSubscription(ctx: AdminContext, id: unknown): WebhookSubscriptionRecord | undefined {
  const g = parseGid(id);
  return g?.type === 'WebhookSubscription' ? ctx.store.webhookSubscriptions.find((w) => w.id === g.id) : undefined;
}

const missingSubscription = { field: ['id'], message: 'Webhook subscription does not exist' };

function updateSubscription(_s: unknown, a: { id: string; webhookSubscription: SubscriptionInput }, ctx: AdminContext) {
  const record = findSubscription(ctx, a.id);
  if (!record) return { webhookSubscription: null, userErrors: [missingSubscription] };
  const input = a.webhookSubscription;
  if (input.callbackUrl !== undefined) {
    const problem = addressProblem(input.callbackUrl);
    if (problem) return { webhookSubscription: null, userErrors: [{ field: ['webhookSubscription', 'callbackUrl'], message: problem }] };
    record.callbackUrl = input.callbackUrl as string;
  }
  if (input.format) record.format = input.format;
  if (input.includeFields) record.includeFields = input.includeFields;
  if (input.metafieldNamespaces) record.metafieldNamespaces = input.metafieldNamespaces;
  record.updatedAt = nowIso();
  return { webhookSubscription: record, userErrors: [] };
}

function deleteSubscription(_s: unknown, a: { id: string }, ctx: AdminContext) {
  const record = findSubscription(ctx, a.id);
  if (!record) return { deletedWebhookSubscriptionId: null, userErrors: [missingSubscription] };
  ctx.store.webhookSubscriptions.splice(ctx.store.webhookSubscriptions.indexOf(record), 1);
  return { deletedWebhookSubscriptionId: gid('WebhookSubscription', record.id), userErrors: [] };
}

/** Checks a basic code discount as Shopify does (field paths and codes as its `DiscountUserError`s). */
function discountProblems(input: DiscountInput, ctx: AdminContext) {
  const errors: { field: string[]; code: string; message: string }[] = [];
  const at = (path: string[], code: string, message: string) => errors.push({ field: ['basicCodeDiscount', ...path], code, message });
  const code = input.code?.trim() ?? '';
  if (!code) at(['code'], 'BLANK', "Code can't be blank");
  else if (code.length > 255) at(['code'], 'TOO_LONG', 'Code is too long (maximum is 255 characters)');
  else if (ctx.store.discounts.some((d) => d.code.toLowerCase() === code.toLowerCase())) {
    at(['code'], 'TAKEN', 'Code must be unique. Please try a different code.');
  }
  if (!input.title?.trim()) at(['title'], 'BLANK', "Title can't be blank");
  if (!input.startsAt) at(['startsAt'], 'BLANK', "Starts at can't be blank");
  else if (Number.isNaN(Date.parse(input.startsAt))) at(['startsAt'], 'INVALID', 'Starts at is invalid');
  if (input.endsAt && input.startsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
    at(['endsAt'], 'INVALID', 'Ends at needs to be after starts_at');
  }
  const value = input.customerGets?.value;
  const kinds = [value?.percentage != null, value?.discountAmount != null].filter(Boolean).length;
  if (kinds !== 1) at(['customerGets', 'value'], 'INVALID', 'Value must be exactly one of percentage or discountAmount');
  else if (value?.percentage != null && (value.percentage <= 0 || value.percentage > 1)) {
    at(['customerGets', 'value', 'percentage'], 'VALUE_OUTSIDE_RANGE', 'Value must be between 0.0 and 1.0');
  } else if (value?.discountAmount && !(Number(value.discountAmount.amount) > 0)) {
    at(['customerGets', 'value', 'discountAmount', 'amount'], 'VALUE_OUTSIDE_RANGE', 'Value must be greater than 0');
  }
  if (!input.customerGets?.items?.all) at(['customerGets', 'items'], 'BLANK', "Items can't be blank");
  if (input.usageLimit != null && input.usageLimit < 1) at(['usageLimit'], 'VALUE_OUTSIDE_RANGE', 'Usage limit must be greater than 0');
  return errors;
}

function createDiscount(_s: unknown, a: { basicCodeDiscount: DiscountInput }, ctx: AdminContext) {
  const input = a.basicCodeDiscount;
  const userErrors = discountProblems(input, ctx);
  if (userErrors.length) return { codeDiscountNode: null, userErrors };
  const value = input.customerGets?.value;
  const record: DiscountRecord = {
    id: (ctx.store.discounts.at(-1)?.id ?? 0) + 1,
    code: (input.code as string).trim(),
    title: (input.title as string).trim(),
    startsAt: input.startsAt as string,
    endsAt: input.endsAt ?? null,
    percentage: value?.percentage ?? null,
    amount: value?.discountAmount
      ? { amount: String(value.discountAmount.amount), appliesOnEachItem: value.discountAmount.appliesOnEachItem ?? false }
      : null,
    usageLimit: input.usageLimit ?? null,
    appliesOncePerCustomer: input.appliesOncePerCustomer ?? false,
    createdAt: nowIso(),
    input: structuredClone(input) as Record<string, unknown>,
  };
  ctx.store.discounts.push(record);
  return { codeDiscountNode: record, userErrors: [] };
}

/**
 * `discountCodeBasicUpdate`: changes only the fields sent (Shopify keeps the others), checked as a
 * create is; an unknown id is a user error on `id`.
 */
function updateDiscount(_s: unknown, a: { id: string; basicCodeDiscount: DiscountInput }, ctx: AdminContext) {
  const g = parseGid(a.id);
  const record = g?.type === 'DiscountCodeNode' ? ctx.store.discounts.find((d) => d.id === g.id) : undefined;
  if (!record) return { codeDiscountNode: null, userErrors: [{ field: ['id'], code: 'INVALID', message: 'Discount does not exist' }] };
  const input = a.basicCodeDiscount;
  const value = input.customerGets?.value;
  const merged: DiscountInput = {
    title: input.title ?? record.title,
    code: input.code ?? record.code,
    startsAt: input.startsAt ?? record.startsAt,
    endsAt: input.endsAt !== undefined ? input.endsAt : record.endsAt,
    customerGets: {
      value: value ?? (record.percentage != null ? { percentage: record.percentage } : { discountAmount: record.amount }),
      items: { all: true },
    },
    usageLimit: input.usageLimit !== undefined ? input.usageLimit : record.usageLimit,
    appliesOncePerCustomer: input.appliesOncePerCustomer ?? record.appliesOncePerCustomer,
  };
  const others = { ...ctx, store: { ...ctx.store, discounts: ctx.store.discounts.filter((d) => d !== record) } } as AdminContext;
  const userErrors = discountProblems(merged, others);
  if (userErrors.length) return { codeDiscountNode: null, userErrors };
  const v = merged.customerGets!.value!;
  Object.assign(record, {
    title: merged.title!.trim(), code: merged.code!.trim(), startsAt: merged.startsAt, endsAt: merged.endsAt ?? null,
    percentage: v.percentage ?? null,
    amount: v.discountAmount ? { amount: String(v.discountAmount.amount), appliesOnEachItem: v.discountAmount.appliesOnEachItem ?? false } : null,
    usageLimit: merged.usageLimit ?? null, appliesOncePerCustomer: merged.appliesOncePerCustomer ?? false,
  });
  return { codeDiscountNode: record, userErrors: [] };
}

interface ConsentInput {
  customerId: string;
  emailMarketingConsent?: { marketingState: string; marketingOptInLevel?: string | null; consentUpdatedAt?: string | null };
  smsMarketingConsent?: { marketingState: string; marketingOptInLevel?: string | null; consentUpdatedAt?: string | null };
}

/**
 * The app writing a customer's consent back (`customerEmailMarketingConsentUpdate` and the SMS
 * one). Only SUBSCRIBED, UNSUBSCRIBED and PENDING may be set: the other states are Shopify's own.
 * The wording of the user errors is the fake's; fields and codes follow Shopify's types. The
 * change fires no webhook by itself (a test sends one with `sendWebhook` if it needs it).
 */
function updateConsent(channel: 'email' | 'sms') {
  const key = channel === 'email' ? 'emailMarketingConsent' : 'smsMarketingConsent';
  return (_s: unknown, a: { input: ConsentInput }, ctx: AdminContext) => {
    const fail = (field: string[], code: string, message: string) => ({ customer: null, userErrors: [{ field: ['input', ...field], code, message }] });
    const g = parseGid(a.input.customerId);
    const customer = g?.type === 'Customer' ? ctx.store.customers.get(g.id) : undefined;
    if (!customer) return fail(['customerId'], 'INVALID', 'Customer not found');
    const consent = a.input[key];
    if (!consent) return fail([key], 'MISSING_ARGUMENT', `${key} is required`);
    if (!['SUBSCRIBED', 'UNSUBSCRIBED', 'PENDING'].includes(consent.marketingState)) {
      return fail([key, 'marketingState'], 'INCLUSION', 'Marketing state is not included in the list');
    }
    if (channel === 'email' ? !customer.email : !customer.phone) {
      return fail([key], 'INVALID', channel === 'email' ? 'Customer has no email address' : 'Customer has no phone number');
    }
    const now = nowIso();
    const state = {
      marketingState: consent.marketingState,
      marketingOptInLevel: consent.marketingOptInLevel ?? 'SINGLE_OPT_IN',
      consentUpdatedAt: consent.consentUpdatedAt ?? now,
    };
    const updated = ctx.store.customers.update(customer.id, {
      updatedAt: now,
      ...(channel === 'email'
        ? { emailMarketingConsent: state as CustomerRecord['emailMarketingConsent'] }
        : { smsMarketingConsent: { ...state, consentCollectedFrom: 'OTHER' } as CustomerRecord['smsMarketingConsent'] }),
    });
    return { customer: updated, userErrors: [] };
  };
}

function runBulkQuery(_s: unknown, a: { query: string }, ctx: AdminContext) {
  const { operation, userErrors } = ctx.bulkOperations.start(a.query);
  return { bulkOperation: operation, userErrors };
}

/* eslint-disable @typescript-eslint/no-explicit-any -- graphql-js hands resolvers untyped arguments */
export const mutationResolvers: Record<string, GraphQLFieldResolver<any, AdminContext, any>> = {
  webhookSubscriptionCreate: createSubscription,
  webhookSubscriptionUpdate: updateSubscription,
  webhookSubscriptionDelete: deleteSubscription,
  discountCodeBasicCreate: createDiscount,
  discountCodeBasicUpdate: updateDiscount,
  bulkOperationRunQuery: runBulkQuery,
  customerEmailMarketingConsentUpdate: updateConsent('email'),
  customerSmsMarketingConsentUpdate: updateConsent('sms'),
};
