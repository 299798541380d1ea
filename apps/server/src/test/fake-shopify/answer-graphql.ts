import {
  execute,
  getOperationAST,
  GraphQLError,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
} from 'graphql';
import type { AdminContext } from './admin-context.ts';
import type { FakeShopifyStore } from './fake-shopify-store.ts';
import type { LeakyBucket } from './leaky-bucket.ts';
import { queryCost } from './query-cost.ts';

export interface FakeShopifyAnswer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

export const THROTTLE_DOCS = 'https://shopify.dev/api/usage/rate-limits';

/** How the fake answers when told to refuse with HTTP 429 (see `throttle.answer429`). */
export interface TooManyRequests {
  left: number;
  retryAfterSeconds: number;
}

/**
 * graphql-js and Shopify (graphql-ruby) word a missing field differently; the connector's logs
 * and tests read Shopify's wording, so the fake rewrites graphql-js's into it.
 */
function shopifyError(e: GraphQLError): Record<string, unknown> {
  const json: Record<string, unknown> = { ...e.toJSON() };
  const m = /^Cannot query field "(\w+)" on type "(\w+)"\./.exec(e.message);
  if (m) return { ...json, message: `Field '${m[1]}' doesn't exist on type '${m[2]}'`, extensions: { code: 'undefinedField', typeName: m[2], fieldName: m[1] } };
  return json;
}

/**
 * Answers `POST /admin/api/{version}/graphql.json`: the access token, the 429 knob, then the
 * query: parsed and validated against the Admin schema, costed, charged to the leaky bucket
 * (THROTTLED when it holds too little), run, and answered with `extensions.cost`.
 */
export function graphqlAnswerer(deps: {
  schema: GraphQLSchema;
  store: FakeShopifyStore;
  bucket: LeakyBucket;
  maxQueryCost: () => number;
  tooMany: TooManyRequests;
  context: () => AdminContext;
}) {
  return async function answer(headers: Record<string, string | string[] | undefined>, raw: string): Promise<FakeShopifyAnswer> {
    const token = headers['x-shopify-access-token'];
    if (typeof token !== 'string' || !deps.store.accessTokens.has(token)) {
      return { status: 401, body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' } };
    }
    if (deps.tooMany.left > 0) {
      deps.tooMany.left--;
      return {
        status: 429,
        headers: { 'retry-after': String(deps.tooMany.retryAfterSeconds) },
        body: { errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' },
      };
    }

    let request: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      const type = String(headers['content-type'] ?? '');
      request = type.includes('application/graphql') ? { query: raw } : (JSON.parse(raw) as typeof request);
    } catch {
      request = {};
    }
    if (typeof request.query !== 'string' || !request.query.trim()) {
      return { status: 400, body: { errors: { query: 'Required parameter missing or invalid' } } };
    }
    const variables = request.variables && typeof request.variables === 'object' ? (request.variables as Record<string, unknown>) : {};
    const operationName = typeof request.operationName === 'string' ? request.operationName : undefined;

    let document: DocumentNode;
    try {
      document = parse(request.query);
    } catch (e) {
      if (e instanceof GraphQLError) return { status: 200, body: { errors: [shopifyError(e)] } };
      throw e;
    }
    const invalid = validate(deps.schema, document);
    if (invalid.length) return { status: 200, body: { errors: invalid.map(shopifyError) } };
    const op = getOperationAST(document, operationName);
    if (!op) return { status: 200, body: { errors: [{ message: 'An operation name is required' }] } };

    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
    const walk = { schema: deps.schema, fragments, variables };
    const requested = queryCost(walk, op);
    const cost = (actual: number | null) => ({
      cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: deps.bucket.status() },
    });

    if (requested > deps.maxQueryCost()) {
      const message =
        `Query cost is ${requested}, which exceeds the single query max cost limit (${deps.maxQueryCost()}).\n\n` +
        `See ${THROTTLE_DOCS} for more information on how the cost of a query is calculated.\n\n` +
        'To query larger amounts of data with fewer limits, bulk operations should be used instead.';
      return {
        status: 200,
        body: { errors: [{ message, extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: deps.maxQueryCost() } }], extensions: cost(null) },
      };
    }
    if (!deps.bucket.take(requested)) {
      return {
        status: 200,
        body: { errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: THROTTLE_DOCS } }], extensions: cost(null) },
      };
    }

    const result = await execute({ schema: deps.schema, document, contextValue: deps.context(), variableValues: variables, operationName });
    const actual = result.data ? queryCost(walk, op, result.data as Record<string, unknown>) : 0;
    deps.bucket.give(requested - actual);
    const body: Record<string, unknown> = {};
    if (result.errors?.length) body.errors = result.errors.map(shopifyError);
    if (result.data !== undefined) body.data = result.data;
    body.extensions = cost(actual);
    return { status: 200, body };
  };
}
