import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { shops } from './shops.ts';

/**
 * The store's sender address (one per store). Status: sent (verification mail out, waiting for
 * the click) or verified; "not added" is the absence of a row. Only the SHA-256 of the
 * verification token is kept, like session tokens.
 */
export const senders = pgTable(
  'senders',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    status: text('status').$type<'sent' | 'verified'>().notNull(),
    tokenHash: text('token_hash'),
    tokenSentAt: timestamp('token_sent_at', { withTimezone: true }),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('senders_shop_idx').on(t.shopId), index('senders_token_idx').on(t.tokenHash)],
);

/** Result of looking up one DNS record of the sender domain. */
export interface DnsRecordCheck {
  status: 'ok' | 'missing' | 'wrong' | 'error';
  /** What the lookup found (TXT strings joined, CNAME targets). */
  found: string[];
  checkedAt: string;
}

/**
 * The domain of the sender address, with the DKIM key the store's mail is signed with and the
 * return-path host that must be a CNAME to our bounce host. Verified when both records were
 * found with the right values at the last check.
 */
export const senderDomains = pgTable(
  'sender_domains',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    selector: text('selector').notNull(),
    /** PEM, PKCS#8. */
    privateKey: text('private_key').notNull(),
    /** Base64 of the SPKI DER, as published in the `p=` tag. */
    publicKey: text('public_key').notNull(),
    /** Return-path / tracking host under the domain, e.g. `sc-mail.example.com`. */
    returnHost: text('return_host').notNull(),
    /** Where `returnHost` must point, fixed when the records are issued. */
    cnameTarget: text('cname_target').notNull(),
    dkimCheck: jsonb('dkim_check').$type<DnsRecordCheck>(),
    cnameCheck: jsonb('cname_check').$type<DnsRecordCheck>(),
    spfCheck: jsonb('spf_check').$type<DnsRecordCheck>(),
    dmarcCheck: jsonb('dmarc_check').$type<DnsRecordCheck>(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sender_domains_shop_idx').on(t.shopId)],
);
