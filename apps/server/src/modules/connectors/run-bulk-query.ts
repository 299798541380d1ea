import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import '@shopify/shopify-api/adapters/node';
import { GraphqlQueryError, HttpThrottlingError, LogSeverity, Session, shopifyApi, type Shopify } from '@shopify/shopify-api';
import { PlatformScopeRefused } from './call-platform-api.ts';
import { SHOPIFY_API_VERSION } from './verify-webhook.ts';

/**
 * Thrown when Shopify refuses the token (401): the store must authorise the app again. A scope the
 * token lacks (HTTP 403, or GraphQL's `ACCESS_DENIED` in a 200) is PlatformScopeRefused instead:
 * the token still works for everything else.
 */
export class ShopifyUnauthorizedError extends Error {}

export interface ShopifyAdmin {
  /** One Admin GraphQL call: waits out 429s (by Retry-After) and THROTTLED answers (by the bucket's refill). */
  request<T>(query: string, variables?: Record<string, unknown>): Promise<T>;
}

const libraries = new Map<string, Shopify>();
function libraryFor(apiKey: string, apiSecret: string): Shopify {
  const key = `${apiKey}\n${apiSecret}`;
  let lib = libraries.get(key);
  if (!lib) {
    lib = shopifyApi({
      apiKey: apiKey || 'storecast', apiSecretKey: apiSecret || 'unused-for-admin-calls', apiVersion: SHOPIFY_API_VERSION,
      hostName: 'localhost', isEmbeddedApp: false, logger: { level: LogSeverity.Error, log: () => {} },
    });
    libraries.set(key, lib);
  }
  return lib;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Cost = { requestedQueryCost?: number; throttleStatus?: { currentlyAvailable: number; restoreRate: number; maximumAvailable: number } };

/**
 * The Admin GraphQL API of one shop through the official library's client. The library's own
 * retry reads Retry-After as milliseconds (Shopify sends seconds), so it is asked for no retries
 * and the waiting is done here: a 429 waits Retry-After seconds; a THROTTLED answer (HTTP 200)
 * waits until the leaky bucket has refilled what the query asked for.
 */
export function shopifyAdmin(opts: {
  shop: string; accessToken: string; apiKey?: string; apiSecret?: string;
  sleep?: (ms: number) => Promise<void>; maxWaits?: number;
}): ShopifyAdmin {
  const lib = libraryFor(opts.apiKey ?? '', opts.apiSecret ?? '');
  const session = new Session({ id: `offline_${opts.shop}`, shop: opts.shop, state: '', isOnline: false, accessToken: opts.accessToken });
  const client = new lib.clients.Graphql({ session });
  const sleep = opts.sleep ?? defaultSleep;
  const maxWaits = opts.maxWaits ?? 50;
  return {
    async request<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
      for (let attempt = 0; ; attempt++) {
        try {
          const res = await client.request<T>(query, { variables, retries: 0 });
          return res.data as T;
        } catch (e) {
          if (attempt >= maxWaits) throw e;
          if (e instanceof HttpThrottlingError) {
            await sleep(Math.max(0.1, e.response.retryAfter ?? 1) * 1000);
            continue;
          }
          if (e instanceof GraphqlQueryError && isThrottled(e.body)) {
            await sleep(refillMs(e.body));
            continue;
          }
          const code = (e as { response?: { code?: number } }).response?.code;
          if (code === 401) throw new ShopifyUnauthorizedError((e as Error).message);
          if (code === 403 || (e instanceof GraphqlQueryError && hasErrorCode(e.body, 'ACCESS_DENIED'))) {
            throw new PlatformScopeRefused(code ?? 200, (e as Error).message.slice(0, 500), (e as Error).message);
          }
          throw e;
        }
      }
    },
  };
}

function hasErrorCode(body: unknown, code: string): boolean {
  const errors = (body as { errors?: { graphQLErrors?: { extensions?: { code?: string } }[] } } | undefined)?.errors?.graphQLErrors ?? [];
  return errors.some((g) => g.extensions?.code === code);
}
const isThrottled = (body: unknown) => hasErrorCode(body, 'THROTTLED');

/** How long until the bucket holds what the query asked for, from `extensions.cost`. */
function refillMs(body: unknown): number {
  const cost = (body as { extensions?: { cost?: Cost } } | undefined)?.extensions?.cost;
  const status = cost?.throttleStatus;
  if (!status || !(status.restoreRate > 0)) return 1000;
  const missing = Math.max(1, (cost?.requestedQueryCost ?? 10) - status.currentlyAvailable);
  return Math.ceil((missing / status.restoreRate) * 1000) + 50;
}

export interface BulkOperation {
  id: string;
  status: string;
  errorCode: string | null;
  url: string | null;
  rootObjectCount: string;
  query: string;
}

const FIELDS = 'id status errorCode url rootObjectCount query';
const RUN = `mutation Run($q: String!) { bulkOperationRunQuery(query: $q) { bulkOperation { ${FIELDS} } userErrors { code message } } }`;
const NODE = `query Op($id: ID!) { node(id: $id) { ... on BulkOperation { ${FIELDS} } } }`;
const CURRENT = `{ currentBulkOperation { ${FIELDS} } }`;

const finished = (op: BulkOperation) => !['CREATED', 'RUNNING', 'CANCELING'].includes(op.status);

/**
 * Runs one bulk query to its end and answers the finished operation (COMPLETED with a `url`,
 * or null when there were no objects). `known` is an operation started before (a resumed
 * stage): its result is used while it is still there. A new operation's id is handed to
 * `onStarted` before it is waited for, so a crash loses no started operation. When another
 * operation of the app is running (Shopify runs one at a time), it is adopted if it runs the
 * same query, else waited for.
 */
export async function runBulkQuery(admin: ShopifyAdmin, query: string, opts: {
  known?: string | null; onStarted: (id: string) => Promise<void>; pollMs?: number; sleep?: (ms: number) => Promise<void>;
}): Promise<BulkOperation> {
  const sleep = opts.sleep ?? defaultSleep;
  const pollMs = opts.pollMs ?? 1000;
  let id = opts.known ?? null;
  for (;;) {
    if (id) {
      const { node } = await admin.request<{ node: BulkOperation | null }>(NODE, { id });
      if (node && !finished(node)) {
        await sleep(pollMs);
        continue;
      }
      if (node?.status === 'COMPLETED') return node;
      id = null; // failed, expired or gone: run it again
    }
    const { bulkOperationRunQuery: run } = await admin.request<{
      bulkOperationRunQuery: { bulkOperation: BulkOperation | null; userErrors: { code: string | null; message: string }[] };
    }>(RUN, { q: query });
    if (run.bulkOperation) {
      id = run.bulkOperation.id;
      await opts.onStarted(id);
      continue;
    }
    if (run.userErrors.some((u) => u.code === 'OPERATION_IN_PROGRESS')) {
      const { currentBulkOperation: current } = await admin.request<{ currentBulkOperation: BulkOperation | null }>(CURRENT);
      if (current && current.query === query) {
        id = current.id;
        await opts.onStarted(id);
      } else {
        await sleep(pollMs);
      }
      continue;
    }
    throw new Error(`bulkOperationRunQuery refused: ${run.userErrors.map((u) => u.message).join('; ')}`);
  }
}

export interface BulkGroup {
  /** A root object (a line without `__parentId`). */
  root: Record<string, unknown>;
  /** Its nested connections' nodes, in file order. */
  children: Record<string, unknown>[];
}

/**
 * The result file, read as a stream, as root objects with their children. Shopify writes a
 * parent before its children; children are taken up to the next root line.
 */
export async function* readBulkGroups(url: string): AsyncGenerator<BulkGroup> {
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(`bulk result download answered ${res.status}`);
  const lines = createInterface({ input: Readable.fromWeb(res.body as never), crlfDelay: Infinity });
  let group: BulkGroup | null = null;
  for await (const line of lines) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as Record<string, unknown>;
    if (row.__parentId === undefined) {
      if (group) yield group;
      group = { root: row, children: [] };
    } else if (group) {
      group.children.push(row);
    }
  }
  if (group) yield group;
}
