import { z } from 'zod';
import { senderFieldsSchema } from '../rules/sender.ts';
import { defineRoute } from './define-route.ts';

/** Result of one DNS lookup: ok, missing (no such record), wrong (found, other value), error (lookup failed). */
export const dnsCheckStatusSchema = z.enum(['ok', 'missing', 'wrong', 'error', 'unchecked']);

export const dnsRecordSchema = z.object({
  /** txt: the DKIM key; cname: the return-path / tracking host. */
  type: z.enum(['txt', 'cname']),
  /** Full host name to publish (host record). */
  host: z.string(),
  /** The host relative to the sender domain, for DNS panels that append the domain themselves. */
  host_label: z.string(),
  value: z.string(),
  status: dnsCheckStatusSchema,
  found: z.array(z.string()),
});

/** SPF and DMARC: not required to verify, but Gmail, Yahoo and Outlook ask bulk senders for them. */
export const dnsAdviceSchema = z.object({
  type: z.enum(['spf', 'dmarc']),
  host: z.string(),
  status: dnsCheckStatusSchema,
  found: z.array(z.string()),
  /** A value to publish when the record is missing or wrong. */
  suggestion: z.string(),
});

export const senderInfoSchema = z.object({
  /** 0 not added, 1 verification mail sent, 2 verified (as `verify_info` of the session user). */
  status: z.number().int(),
  email: z.string(),
  name: z.string(),
  /** ISO time the last verification mail went out; empty when none. */
  sent_at: z.string(),
  /** Seconds until another verification mail may be sent; 0 when allowed now. */
  resend_after: z.number().int(),
  verified_at: z.string(),
});

export const senderDomainSchema = z.object({
  domain: z.string(),
  /** 0 records not issued, 1 issued and not (yet) verified, 2 verified. */
  status: z.number().int(),
  records: z.array(dnsRecordSchema),
  advice: z.array(dnsAdviceSchema),
  checked_at: z.string(),
  verified_at: z.string(),
});
export type SenderDomainInfo = z.infer<typeof senderDomainSchema>;

export const senderListsSchema = z.object({
  sender: senderInfoSchema,
  domain: senderDomainSchema,
  /** Registrable domain of the store homepage; the sender address must be under it. */
  homepage_domain: z.string(),
  /**
   * The stored sender no longer belongs to the homepage domain (the homepage changed): it is
   * treated as not verified until it is edited (SPEC 5's reset with a warning).
   */
  domain_mismatch: z.boolean(),
});
export type SenderLists = z.infer<typeof senderListsSchema>;

export const senderRoutes = {
  lists: defineRoute({
    method: 'GET', path: '/sender/lists', access: 'shop', tag: 'sender',
    summary: 'The store\'s sender e-mail and sender domain with their verification state',
    data: senderListsSchema,
  }),
  add: defineRoute({
    method: 'POST', path: '/sender/add', access: 'shop', tag: 'sender',
    summary: 'Add the sender and send the verification e-mail (an existing sender is edited)',
    body: senderFieldsSchema, data: senderListsSchema,
  }),
  edit: defineRoute({
    method: 'POST', path: '/sender/edit', access: 'shop', tag: 'sender',
    summary: 'Change the sender; a new address is verified again (and a new domain gets new records)',
    body: senderFieldsSchema, data: senderListsSchema,
  }),
  verifyEmail: defineRoute({
    method: 'POST', path: '/sender/verify-email', access: 'shop', tag: 'sender',
    summary: 'Send the verification e-mail again (after the countdown)',
    body: z.object({}), data: senderListsSchema,
  }),
  verifyDomain: defineRoute({
    method: 'POST', path: '/sender/verify-domain', access: 'shop', tag: 'sender',
    summary: 'Issue the DNS records (DKIM TXT and return-path CNAME) for the sender domain',
    body: z.object({}), data: senderListsSchema,
  }),
  completeVerifyDomain: defineRoute({
    method: 'POST', path: '/sender/complete-verify-domain', access: 'shop', tag: 'sender',
    summary: 'Look the records up in DNS and mark the domain verified when both are right',
    body: z.object({}), data: senderListsSchema,
  }),
} as const;
