import { emailSchema, findUnsafeInput, type Locale, mobileSchema, translateError, translateIssue } from '@storecast/contract';
import { z } from 'zod';

export interface IngestResult {
  received: number;
  created: number;
  updated: number;
  rejected: { index: number; reason: string }[];
}

/**
 * Splits a batch into items that pass the contract's item schema and rejections by index, so
 * one bad record never costs the rest. Only the batch's shape (an array of 1 to `maxItems`) is
 * refused as a whole, with code 103 like any other invalid body.
 */
export function checkItems<T>(
  raw: unknown, field: string, itemSchema: z.ZodType<T>, locale: Locale, maxItems = 1000,
): { items: { index: number; item: T }[]; result: IngestResult } {
  const batch = z.object({ [field]: z.array(z.unknown()).min(1).max(maxItems) }).parse(raw ?? {}) as Record<string, unknown[]>;
  const list = batch[field]!;
  const items: { index: number; item: T }[] = [];
  const rejected: IngestResult['rejected'] = [];
  list.forEach((value, index) => {
    // What the server refuses in every request (NUL, lone surrogates, deep nesting) is refused
    // here per item, as the batch as a whole skipped that check.
    const unsafe = findUnsafeInput(value, 1)[0];
    if (unsafe) {
      rejectItem(rejected, index, unsafe.key, locale, unsafe.path.join('.') || undefined);
      return;
    }
    const parsed = itemSchema.safeParse(value);
    if (parsed.success) items.push({ index, item: parsed.data });
    else rejected.push({ index, reason: describeIssue(parsed.error.issues[0]!, locale) });
  });
  return { items, result: { received: list.length, created: 0, updated: 0, rejected } };
}

function describeIssue(issue: z.core.$ZodIssue, locale: Locale): string {
  const where = issue.path.join('.');
  return where ? `${where}: ${translateIssue(locale, issue)}` : translateIssue(locale, issue);
}

/** A reason for one item that failed a check beyond the schema. */
export function rejectItem(result: IngestResult | IngestResult['rejected'], index: number, key: string, locale: Locale, field?: string) {
  const msg = translateError(locale, key);
  (Array.isArray(result) ? result : result.rejected).push({ index, reason: field ? `${field}: ${msg}` : msg });
}

/** Normalised e-mail and phone, or the message key of what is wrong with them. */
export function contactOf(input: { email?: string; phone?: string }): { email: string | null; phone: string | null } | { bad: string; field: string } {
  let email: string | null = null;
  let phone: string | null = null;
  if (input.email?.trim()) {
    const e = emailSchema.safeParse(input.email);
    if (!e.success) return { bad: 'errors.ingest.badEmail', field: 'email' };
    email = e.data;
  }
  if (input.phone?.trim()) {
    const p = mobileSchema.safeParse(input.phone);
    if (!p.success) return { bad: 'errors.ingest.badPhone', field: 'phone' };
    phone = p.data;
  }
  return { email, phone };
}

export const sortRejected = (r: IngestResult): IngestResult => ({ ...r, rejected: r.rejected.sort((a, b) => a.index - b.index) });
