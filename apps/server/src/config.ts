import path from 'node:path';
import { CONNECTED_PLATFORMS, type ConnectedPlatform } from '@storecast/contract';
import type { DkimKey } from './messaging/mail-sender.ts';
import { readMailFrom, readSystemDkim } from './messaging/read-system-sender.ts';
import { type InboundTls, readInboundTls } from './read-inbound-tls.ts';

export type Role = 'all' | 'api' | 'worker';

export interface Config {
  role: Role;
  host: string;
  port: number;
  /** PGlite data, uploads and the local outbox live here. */
  dataDir: string;
  /** Unset: embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  /** Address that mail links and the storefront script point to. */
  publicUrl: string;
  /** Unset: SMS goes to the local outbox. A Twilio-compatible API's base URL, e.g. `https://api.twilio.com`. */
  smsUrl?: string;
  /**
   * The SMS provider's account (`SMS_ACCOUNT_SID`, `SMS_AUTH_TOKEN`: Basic auth, and the key that
   * signs its webhooks; without a token the webhooks answer 404), the sender (`SMS_FROM`: a
   * number, an alphanumeric id or a Messaging Service `MG…`), the volume one segment costs
   * (`SMS_UNITS_PER_SEGMENT`) and the time-out of one request (`SMS_TIMEOUT_MS`).
   */
  sms: { accountSid: string; authToken: string; from: string; unitsPerSegment: number; timeoutMs: number };
  /** Unset: mail goes to the local outbox. `smtp://user:pass@host:port?pool=5`. */
  smtpUrl?: string;
  /** DNS servers for sender-domain checks (`host` or `host:port`); empty: the system's resolver. */
  dnsServers: string[];
  /** Host the sender domain's return-path CNAME points to (`MAIL_CNAME_TARGET`; default `bounces.<public host>`). */
  mailCnameTarget: string;
  /**
   * From of the system's own mail, e.g. sender verification (`MAIL_FROM`, checked; default
   * `no-reply@<public host>` when that host is a mail domain, see read-system-sender.ts).
   */
  mailFrom: string;
  /** Signs the system's own mail (`SYSTEM_DKIM_DOMAIN`, `SYSTEM_DKIM_SELECTOR`, `SYSTEM_DKIM_KEY`). Null: unsigned. */
  systemDkim: DkimKey | null;
  /** Built admin app served at `/`; absent in API-only deployments. */
  webDist: string;
  sunset: { date: string; url: string; stayParam: string } | null;
  ownHosts: string[];
  internalShopIds: string[];
  /**
   * The campaign centre (/custom) for every store (`CAMPAIGN_CENTRE=on`); otherwise only for
   * stores whose own `campaign_strategy` is set. See the campaigns module's README.
   */
  campaignCentre: boolean;
  helpUrl: string;
  supportUrl: string;
  /** Offered on the admin's built-in support page (`SUPPORT_EMAIL`); empty: the page says who sets it. */
  supportEmail: string;
  /**
   * A font file that draws Chinese (`INVOICE_FONT_FILE`, .ttf/.otf/.ttc). Unset: the usual system
   * places are searched (fonts-noto-cjk, fonts-wqy-microhei). With one, invoices are bilingual;
   * without, English only.
   */
  invoiceFontFile: string;
  /**
   * Authorises the operator's calls (`access: 'operator'`, such as granting sending volume);
   * `OPERATOR_TOKEN`, at least 32 characters. Empty or shorter: those calls are refused.
   */
  operatorToken: string;
  /** Trust X-Forwarded-* from a reverse proxy (needed for per-client rate limits behind one). */
  trustProxy: boolean;
  /**
   * Attempts per window on sign-up, sign-in, code and current-password checks, counted apart:
   * `max` per account, phone or user whatever the address (`AUTH_RATE_LIMIT`), `clientMax` per
   * client address across accounts (`AUTH_RATE_LIMIT_CLIENT`).
   */
  authRateLimit: { max: number; clientMax: number; windowMs: number };
  /**
   * Requests per window on the storefront script's public routes, counted apart: per client
   * address (`STOREFRONT_RATE_LIMIT_IP`) and per store whatever the address (`STOREFRONT_RATE_LIMIT_STORE`).
   */
  storefrontRateLimit: { ip: number; store: number; windowMs: number };
  logLevel: string;
  /** Seconds between a worker's polls for queued jobs (jobs queued by the same process start at once). */
  jobPollSeconds: number;
  /** Signs tracking and unsubscribe links (`APP_SECRET`); unset: generated once and kept in the database. */
  appSecret?: string;
  /** Sending: recipients a worker claims at once, mails in flight per worker, and how long a claim holds. */
  send: { batchSize: number; concurrency: number; leaseSeconds: number };
  /**
   * SMTP listener for mail coming back to the return-path host: bounces (DSN), complaints (ARF)
   * and mailto unsubscribes (`INBOUND_SMTP_PORT`, `INBOUND_SMTP_HOST`). Null: off.
   */
  inboundSmtp: { host: string; port: number } | null;
  /** The inbound listener's STARTTLS key and certificate (`INBOUND_TLS_KEY`, `INBOUND_TLS_CERT`, PEM files). Null: smtp-server's own. */
  inboundTls: InboundTls | null;
  /**
   * An OpenAI-compatible chat-completions API that writes copy (`AI_BASE_URL`, e.g.
   * `https://api.openai.com/v1`; `AI_API_KEY`, `AI_MODEL`, `AI_TIMEOUT_MS` per attempt).
   * No base URL: the built-in writer writes everything.
   */
  ai: { baseUrl?: string; apiKey: string; model: string; timeoutMs: number };
  /**
   * Longest an Element Send's matching query for one product may run (`ELEMENT_QUERY_TIMEOUT_MS`)
   * before the product fails with "query timeout". PostgreSQL only: PGlite cannot interrupt a query.
   */
  elementQueryTimeoutMs: number;
  /**
   * Payments through Stripe (`STRIPE_SECRET_KEY`, `STRIPE_PUBLISHABLE_KEY`, `STRIPE_WEBHOOK_SECRET`;
   * `STRIPE_API_BASE` and `STRIPE_JS_URL` point at another Stripe-compatible server and card script,
   * `STRIPE_TIMEOUT_MS` per request). Null without the secret key: nothing can be bought, stores
   * keep their free starter volume, and membership gates no feature (there is nothing to buy).
   */
  stripe: StripeConfig | null;
  /**
   * The product's app on each store platform (`SHOPIFY_API_KEY` and `SHOPIFY_API_SECRET`, and the
   * same for `SHOPLAZZA_` and `SHOPLINE_`): the secret signs the platform's webhooks and OAuth
   * answers. A platform without its secret cannot be connected and its webhooks are refused.
   */
  platformApps: Partial<Record<ConnectedPlatform, PlatformAppConfig>>;
}

export interface PlatformAppConfig {
  apiKey: string;
  apiSecret: string;
  /**
   * Where the platform's shops answer, `{shop}` standing for the shop's domain (`SHOPLAZZA_API_BASE`, `SHOPLINE_API_BASE`,
   * e.g. `http://127.0.0.1:9000/{shop}` for a fake); unset: `https://{shop}`. Shopify's library
   * is routed by its own fetch hook instead.
   */
  apiBase?: string;
}

function readPlatformApps(env: NodeJS.ProcessEnv): Config['platformApps'] {
  const apps: Config['platformApps'] = {};
  for (const platform of CONNECTED_PLATFORMS) {
    const prefix = platform.toUpperCase();
    const apiSecret = env[`${prefix}_API_SECRET`]?.trim();
    const apiBase = env[`${prefix}_API_BASE`]?.trim();
    if (apiSecret) apps[platform] = { apiKey: env[`${prefix}_API_KEY`]?.trim() ?? '', apiSecret, ...(apiBase ? { apiBase } : {}) };
  }
  return apps;
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** e.g. `http://127.0.0.1:12111`; unset: Stripe's own API. */
  apiBase?: string;
  jsUrl: string;
  timeoutMs: number;
}

function readStripe(env: NodeJS.ProcessEnv): StripeConfig | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return null;
  return {
    secretKey,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY?.trim() ?? '',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() ?? '',
    apiBase: env.STRIPE_API_BASE?.trim() || undefined,
    jsUrl: env.STRIPE_JS_URL?.trim() || 'https://js.stripe.com/v3/',
    timeoutMs: positiveInt('STRIPE_TIMEOUT_MS', env.STRIPE_TIMEOUT_MS, 20_000),
  };
}

// `localhost` is no mail domain; the embedded default still needs a syntactically valid one.
const publicHost = (env: NodeJS.ProcessEnv, port: number) => {
  const host = new URL(env.PUBLIC_URL ?? `http://localhost:${port}`).hostname;
  return host.includes('.') ? host : `${host}.localdomain`;
};

const list = (s: string | undefined) => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);

function inboundPort(v: string) {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`INBOUND_SMTP_PORT must be a port number, not "${v}"`);
  return n;
}

function positiveInt(name: string, v: string | undefined, fallback: number) {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, not "${v}"`);
  return n;
}

function aiTimeout(v: string) {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 100) throw new Error(`AI_TIMEOUT_MS must be a whole number of milliseconds (at least 100), not "${v}"`);
  return n;
}

/** Reads the environment; every variable has a default that serves the embedded mode. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT ?? 8080);
  const role = (env.ROLE ?? 'all') as Role;
  if (!['all', 'api', 'worker'].includes(role)) throw new Error(`ROLE must be all, api or worker, not "${role}"`);
  const sunsetUrl = env.SUNSET_URL ?? '';
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const mailFrom = readMailFrom(env, publicUrl);
  return {
    role,
    host: env.HOST ?? '0.0.0.0',
    port,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl,
    smsUrl: env.SMS_URL ? env.SMS_URL.replace(/\/+$/, '') : undefined,
    sms: {
      accountSid: env.SMS_ACCOUNT_SID ?? '',
      authToken: env.SMS_AUTH_TOKEN ?? '',
      from: env.SMS_FROM ?? '',
      unitsPerSegment: positiveInt('SMS_UNITS_PER_SEGMENT', env.SMS_UNITS_PER_SEGMENT, 10),
      timeoutMs: positiveInt('SMS_TIMEOUT_MS', env.SMS_TIMEOUT_MS, 10_000),
    },
    smtpUrl: env.SMTP_URL || undefined,
    dnsServers: list(env.DNS_SERVERS),
    mailCnameTarget: env.MAIL_CNAME_TARGET || `bounces.${publicHost(env, port)}`,
    mailFrom,
    systemDkim: readSystemDkim(env, mailFrom),
    webDist: path.resolve(env.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    sunset: sunsetUrl
      ? { date: env.SUNSET_DATE ?? '', url: sunsetUrl, stayParam: env.SUNSET_STAY_PARAM ?? 'stay' }
      : null,
    ownHosts: list(env.OWN_HOSTS),
    internalShopIds: list(env.INTERNAL_SHOP_IDS),
    campaignCentre: env.CAMPAIGN_CENTRE?.trim().toLowerCase() === 'on',
    helpUrl: env.HELP_URL ?? '',
    supportUrl: env.SUPPORT_URL ?? '',
    supportEmail: env.SUPPORT_EMAIL?.trim() ?? '',
    invoiceFontFile: env.INVOICE_FONT_FILE?.trim() ?? '',
    operatorToken: env.OPERATOR_TOKEN?.trim() ?? '',
    trustProxy: env.TRUST_PROXY === 'true',
    authRateLimit: { max: Number(env.AUTH_RATE_LIMIT ?? 10), clientMax: Number(env.AUTH_RATE_LIMIT_CLIENT ?? 30), windowMs: 60_000 },
    storefrontRateLimit: {
      ip: Number(env.STOREFRONT_RATE_LIMIT_IP ?? 600), store: Number(env.STOREFRONT_RATE_LIMIT_STORE ?? 60_000), windowMs: 60_000,
    },
    logLevel: env.LOG_LEVEL ?? 'info',
    jobPollSeconds: 2,
    appSecret: env.APP_SECRET || undefined,
    send: {
      batchSize: Number(env.SEND_BATCH_SIZE ?? 200),
      concurrency: Number(env.SEND_CONCURRENCY ?? 20),
      leaseSeconds: Number(env.SEND_LEASE_SECONDS ?? 120),
    },
    inboundSmtp: env.INBOUND_SMTP_PORT ? { host: env.INBOUND_SMTP_HOST || '0.0.0.0', port: inboundPort(env.INBOUND_SMTP_PORT) } : null,
    inboundTls: readInboundTls(env),
    ai: {
      baseUrl: env.AI_BASE_URL ? env.AI_BASE_URL.replace(/\/+$/, '') : undefined,
      apiKey: env.AI_API_KEY ?? '',
      model: env.AI_MODEL || 'gpt-4o-mini',
      timeoutMs: aiTimeout(env.AI_TIMEOUT_MS ?? '15000'),
    },
    elementQueryTimeoutMs: positiveInt('ELEMENT_QUERY_TIMEOUT_MS', env.ELEMENT_QUERY_TIMEOUT_MS, 20_000),
    stripe: readStripe(env),
    platformApps: readPlatformApps(env),
    ...overrides,
  };
}
