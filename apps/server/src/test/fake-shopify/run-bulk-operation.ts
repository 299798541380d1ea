import {
  execute,
  getNamedType,
  getOperationAST,
  isInterfaceType,
  isObjectType,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import type { AdminContext, BulkOperationRecord } from './admin-context.ts';
import type { FakeShopifyStore } from './fake-shopify-store.ts';
import type { BulkRange } from './page-records.ts';

/** The root fields a bulk query may start from, and the table each reads. */
const ROOTS = { customers: 'customers', orders: 'orders', products: 'products' } as const;
type RootName = keyof typeof ROOTS;

const isConnection = (t: GraphQLNamedType) => isObjectType(t) && t.name.endsWith('Connection');

/**
 * Shopify's rules for a bulk query, checked before it runs: at least one connection, at most
 * five, nested at most two deep, and a node that holds a nested connection selects its `id`
 * (child lines point to it). The fake also wants one root field: customers, orders or products.
 */
function bulkQueryProblem(schema: GraphQLSchema, doc: DocumentNode): { problem: string } | { root: RootName; rootKey: string } {
  const op = getOperationAST(doc);
  if (!op || op.operation !== 'query') return { problem: 'Bulk operations must be a query.' };
  const roots = op.selectionSet.selections.filter((s) => s.kind === Kind.FIELD && !s.name.value.startsWith('__'));
  const first = roots[0];
  if (roots.length !== 1 || first?.kind !== Kind.FIELD || !(first.name.value in ROOTS)) {
    return { problem: 'The fake runs bulk queries with one root field: customers, orders or products.' };
  }
  const fragmentNamed = (name: string) =>
    doc.definitions.find((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === name);
  let connections = 0;
  const missingId: string[] = [];
  let tooDeep = false;

  /** Walks a selection; true when it holds a connection somewhere below. */
  function walk(set: SelectionSetNode, type: GraphQLNamedType, depth: number): boolean {
    let holds = false;
    for (const s of set.selections) {
      if (s.kind !== Kind.FIELD) {
        const fragment = s.kind === Kind.INLINE_FRAGMENT ? s : fragmentNamed(s.name.value);
        if (fragment) holds = walk(fragment.selectionSet, type, depth) || holds;
        continue;
      }
      const def = isObjectType(type) || isInterfaceType(type) ? type.getFields()[s.name.value] : undefined;
      if (!def || !s.selectionSet) continue;
      const named = getNamedType(def.type);
      if (!isConnection(named)) {
        holds = walk(s.selectionSet, named, depth) || holds;
        continue;
      }
      holds = true;
      connections++;
      if (depth + 1 > 2) tooDeep = true;
      const nodesField = isObjectType(named) ? named.getFields().nodes : undefined;
      if (!nodesField) continue;
      const nodeType = getNamedType(nodesField.type);
      for (const part of s.selectionSet.selections) {
        if (part.kind !== Kind.FIELD || !part.selectionSet) continue;
        const nodeSets =
          part.name.value === 'nodes' ? [part.selectionSet]
          : part.name.value === 'edges' ? part.selectionSet.selections.flatMap((e) => (e.kind === Kind.FIELD && e.name.value === 'node' && e.selectionSet ? [e.selectionSet] : []))
          : [];
        for (const nodeSet of nodeSets) {
          const nested = walk(nodeSet, nodeType, depth + 1);
          const selectsId = nodeSet.selections.some((x) => x.kind === Kind.FIELD && x.name.value === 'id' && !x.alias);
          if (nested && !selectsId) missingId.push(s.name.value);
        }
      }
    }
    return holds;
  }

  const queryType = schema.getQueryType();
  if (queryType) walk(op.selectionSet, queryType, 0);
  if (connections === 0) return { problem: 'Bulk queries must contain at least one connection.' };
  if (connections > 5) return { problem: 'Bulk queries cannot contain more than 5 connections.' };
  if (tooDeep) return { problem: 'Bulk queries cannot contain connections with a nesting depth greater than 2.' };
  if (missingId.length) {
    return { problem: `The parent 'node' field for a nested connection must select the 'id' field. Connection fields without 'id': ${missingId.join(', ')}.` };
  }
  return { root: first.name.value as RootName, rootKey: first.alias?.value ?? first.name.value };
}

function nodesOf(connection: Record<string, unknown>): Record<string, unknown>[] {
  if (Array.isArray(connection.nodes)) return connection.nodes as Record<string, unknown>[];
  if (Array.isArray(connection.edges)) return (connection.edges as { node?: Record<string, unknown> }[]).map((e) => e.node ?? {});
  return [];
}

const looksLikeConnection = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && (Array.isArray((v as Record<string, unknown>).nodes) || Array.isArray((v as Record<string, unknown>).edges));

/**
 * Shopify's JSONL: one object per line; a nested connection's nodes are lines of their own,
 * after their parent, with `__parentId` naming it.
 */
function flatten(connection: Record<string, unknown>, parentId: string | undefined, out: string[]): number {
  let count = 0;
  for (const node of nodesOf(connection)) {
    const own: Record<string, unknown> = {};
    const children: Record<string, unknown>[] = [];
    for (const [k, v] of Object.entries(node)) {
      if (looksLikeConnection(v)) children.push(v);
      else own[k] = v;
    }
    if (parentId !== undefined) own.__parentId = parentId;
    out.push(JSON.stringify(own));
    count++;
    for (const c of children) count += flatten(c, typeof node.id === 'string' ? node.id : undefined, out);
  }
  return count;
}

/** A result file as JSONL chunks, with the root records each chunk carries. */
type BuiltFile = { chunks: string[]; roots: number[]; objects: number; rootObjects: number; versions: string };
/** What a download of a result file sends: its chunks and the root records in each. */
export type ResultFile = Pick<BuiltFile, 'chunks' | 'roots'>;

const nowIso = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Bulk query operations: `start` checks the query and records the operation (CREATED); it then
 * runs (RUNNING) over every record of the root table, a batch at a time between other requests,
 * with graphql-js and no `first` limits, writes the JSONL, and is COMPLETED with a `url` the
 * fake serves (null when there were no objects, as on Shopify). The file is kept in memory: on
 * the benchmark shop, orders with their line items are 1.5 million lines, 216 MB, about 45 s of
 * graphql-js; customers alone are 26 MB in about 3 s.
 */
export function bulkOperations(deps: {
  schema: GraphQLSchema;
  store: FakeShopifyStore;
  baseUrl: () => string;
  context: (bulk: BulkRange) => AdminContext;
  batchSize: () => number;
  onFinish: (op: BulkOperationRecord) => void;
}) {
  const list: BulkOperationRecord[] = [];
  const files = new Map<number, ResultFile>();
  /** Files built ahead by `prebuild`, by query text. */
  const prebuilt = new Map<string, BuiltFile>();
  /** Operations wait here until a test lets them run (see `pause`). */
  let paused: (() => void)[] | null = null;

  /** Every root record of the query's table as JSONL chunks, a batch at a time between other requests. */
  async function build(doc: DocumentNode, root: RootName, rootKey: string): Promise<BuiltFile> {
    const chunks: string[] = [];
    const roots: number[] = [];
    let objects = 0;
    let rootObjects = 0;
    const table = deps.store[ROOTS[root]];
    for (let from = 0; from < table.size; from += deps.batchSize()) {
      // Let the server answer polls between batches, as Shopify answers while it runs.
      await new Promise((resolve) => setImmediate(resolve));
      const bulk = { from, to: from + deps.batchSize() };
      const result = await execute({ schema: deps.schema, document: doc, contextValue: deps.context(bulk) });
      if (result.errors?.length) throw new Error(result.errors[0]?.message);
      const lines: string[] = [];
      const connection = (result.data?.[rootKey] ?? {}) as Record<string, unknown>;
      const found = nodesOf(connection).length;
      rootObjects += found;
      objects += flatten(connection, undefined, lines);
      if (lines.length) {
        chunks.push(lines.join('\n') + '\n');
        roots.push(found);
      }
    }
    return { chunks, roots, objects, rootObjects, versions: versionsOf() };
  }

  /** The store's tables' versions: a file built before any of them changed is still the store's. */
  const versionsOf = () => Object.values(ROOTS).map((t) => deps.store[t].version).join(':');

  async function run(op: BulkOperationRecord, doc: DocumentNode, root: RootName, rootKey: string) {
    if (paused) await new Promise<void>((resolve) => paused?.push(resolve));
    op.status = 'RUNNING';
    let objects = 0;
    try {
      const ready = prebuilt.get(op.query);
      const built = ready && ready.versions === versionsOf() ? ready : await build(doc, root, rootKey);
      const { chunks, roots, rootObjects } = built;
      objects = built.objects;
      files.set(op.id, { chunks, roots });
      op.status = 'COMPLETED';
      op.objectCount = objects;
      op.rootObjectCount = rootObjects;
      op.fileSize = chunks.reduce((n, c) => n + Buffer.byteLength(c), 0);
      op.url = objects > 0 ? `${deps.baseUrl()}/bulk-operation-results/${op.id}.jsonl` : null;
    } catch {
      op.status = 'FAILED';
      op.errorCode = 'INTERNAL_SERVER_ERROR';
      op.objectCount = objects;
    }
    op.completedAt = nowIso();
    deps.onFinish(op);
  }

  return {
    list,
    start(query: string) {
      const busy = list.find((o) => o.status === 'CREATED' || o.status === 'RUNNING');
      if (busy) {
        return {
          operation: null,
          userErrors: [{ field: ['query'], code: 'OPERATION_IN_PROGRESS', message: `A bulk query operation for this app and shop is already in progress: gid://shopify/BulkOperation/${busy.id}.` }],
        };
      }
      const invalid = (message: string) => ({ operation: null, userErrors: [{ field: ['query'], code: 'INVALID', message }] });
      let doc: DocumentNode;
      try {
        doc = parse(query);
      } catch (e) {
        return invalid(`Invalid bulk query: ${e instanceof Error ? e.message : String(e)}`);
      }
      const errors = validate(deps.schema, doc);
      if (errors.length) return invalid(`Invalid bulk query: ${errors[0]?.message}`);
      const checked = bulkQueryProblem(deps.schema, doc);
      if ('problem' in checked) return invalid(checked.problem);
      const op: BulkOperationRecord = {
        id: (list.at(-1)?.id ?? 0) + 1,
        status: 'CREATED',
        errorCode: null,
        type: 'QUERY',
        query,
        objectCount: 0,
        rootObjectCount: 0,
        fileSize: null,
        url: null,
        createdAt: nowIso(),
        completedAt: null,
      };
      list.push(op);
      setImmediate(() => void run(op, doc, checked.root, checked.rootKey));
      return { operation: op, userErrors: [] };
    },
    /**
     * Builds a query's file now, so an operation later started with the same query text, while
     * the store is unchanged, completes with it at once: the time Shopify's machines spend
     * building a file is then not spent on the caller's.
     */
    async prebuild(query: string) {
      const doc = parse(query);
      const checked = bulkQueryProblem(deps.schema, doc);
      if ('problem' in checked) throw new Error(checked.problem);
      prebuilt.set(query, await build(doc, checked.root, checked.rootKey));
    },
    /** The JSONL of a completed operation, in chunks with their root records, or undefined. */
    file: (id: number) => files.get(id),
    /** Operations started from now on stay CREATED until `resume()`. */
    pause() {
      paused ??= [];
    },
    resume() {
      const waiting = paused ?? [];
      paused = null;
      for (const go of waiting) go();
    },
  };
}
