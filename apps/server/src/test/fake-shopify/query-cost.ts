import {
  getNamedType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  valueFromASTUntyped,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/** What a mutation costs, whatever it selects (Shopify's rule). */
export const MUTATION_COST = 10;

interface Walk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

/**
 * Shopify's cost rules, simplified: a scalar or enum costs 0, an object 1, a connection 2 plus
 * (nodes) × (the cost of one node, itself 1 plus what it selects), a mutation 10. The requested
 * cost counts `first` nodes per connection; the actual cost, computed from the answer, counts
 * the nodes returned. Fragments on different types are added up, not the largest taken, so a
 * `node(id:)` query is costed a little high.
 */
export function queryCost(w: Walk, op: OperationDefinitionNode, data?: Record<string, unknown> | null): number {
  if (op.operation === 'mutation') {
    return op.selectionSet.selections.filter((s) => s.kind === Kind.FIELD && !s.name.value.startsWith('__')).length * MUTATION_COST;
  }
  const root = w.schema.getQueryType();
  return root ? selectionCost(w, op.selectionSet, root, data ?? undefined) : 0;
}

/** Fields selected, fragments opened: each with the type that holds it. */
function* fieldsOf(w: Walk, set: SelectionSetNode, type: GraphQLNamedType): Generator<{ node: FieldNode; def: GraphQLField<unknown, unknown> }> {
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) {
      if (s.name.value.startsWith('__')) continue;
      const def = isObjectType(type) || isInterfaceType(type) ? type.getFields()[s.name.value] : undefined;
      if (def) yield { node: s, def };
    } else {
      const fragment = s.kind === Kind.INLINE_FRAGMENT ? s : w.fragments[s.name.value];
      if (!fragment) continue;
      const on = fragment.typeCondition ? w.schema.getType(fragment.typeCondition.name.value) : type;
      if (on) yield* fieldsOf(w, fragment.selectionSet, on);
    }
  }
}

function selectionCost(w: Walk, set: SelectionSetNode, type: GraphQLNamedType, data: Record<string, unknown> | undefined): number {
  let cost = 0;
  for (const { node, def } of fieldsOf(w, set, type)) {
    const key = node.alias?.value ?? node.name.value;
    if (data && !(key in data)) continue;
    cost += fieldCost(w, node, def, data?.[key], data !== undefined);
  }
  return cost;
}

function isList(t: GraphQLOutputType): boolean {
  return isListType(isNonNullType(t) ? t.ofType : t);
}

function fieldCost(w: Walk, node: FieldNode, def: GraphQLField<unknown, unknown>, value: unknown, actual: boolean): number {
  const named = getNamedType(def.type);
  if (isLeafType(named) || !node.selectionSet) return 0;
  if (named.name.endsWith('Connection') && isObjectType(named)) return connectionCost(w, node, named, value, actual);
  if (isList(def.type)) {
    if (!actual) return 1 + selectionCost(w, node.selectionSet, named, undefined);
    const items = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
    return items.reduce((sum, item) => sum + 1 + selectionCost(w, node.selectionSet as SelectionSetNode, named, item ?? {}), 0);
  }
  if (actual && (value === null || typeof value !== 'object')) return 1;
  return 1 + selectionCost(w, node.selectionSet, named, actual ? (value as Record<string, unknown>) : undefined);
}

function connectionCost(w: Walk, node: FieldNode, type: GraphQLObjectType, value: unknown, actual: boolean): number {
  const nodeType = getNamedType((type.getFields().nodes as GraphQLField<unknown, unknown>).type);
  // The node selections: `nodes { … }` and `edges { node { … } }` (both may be asked).
  const views: { set: SelectionSetNode; items: (c: Record<string, unknown>) => unknown[] }[] = [];
  let other = 0;
  for (const { node: f } of fieldsOf(w, node.selectionSet as SelectionSetNode, type)) {
    const key = f.alias?.value ?? f.name.value;
    if (f.name.value === 'nodes' && f.selectionSet) views.push({ set: f.selectionSet, items: (c) => (c[key] as unknown[] | undefined) ?? [] });
    if (f.name.value === 'edges' && f.selectionSet) {
      for (const e of f.selectionSet.selections) {
        if (e.kind === Kind.FIELD && e.name.value === 'node' && e.selectionSet) {
          const nodeKey = e.alias?.value ?? 'node';
          views.push({ set: e.selectionSet, items: (c) => ((c[key] as Record<string, unknown>[] | undefined) ?? []).map((edge) => edge[nodeKey]) });
        }
      }
    }
    if (f.name.value === 'pageInfo') other = 1;
  }
  if (!actual) {
    const first = argument(w, node, 'first');
    const perNode = 1 + Math.max(0, ...views.map((v) => selectionCost(w, v.set, nodeType, undefined)));
    return 2 + other + (typeof first === 'number' ? first : 0) * perNode;
  }
  const conn = (value ?? {}) as Record<string, unknown>;
  const lists = views.map((v) => v.items(conn));
  const count = Math.max(0, ...lists.map((l) => l.length));
  let cost = 2 + other;
  for (let i = 0; i < count; i++) {
    cost += 1 + Math.max(0, ...views.map((v, j) => selectionCost(w, v.set, nodeType, (lists[j]?.[i] ?? {}) as Record<string, unknown>)));
  }
  return cost;
}

function argument(w: Walk, node: FieldNode, name: string): unknown {
  const arg = node.arguments?.find((a) => a.name.value === name);
  return arg ? valueFromASTUntyped(arg.value, w.variables) : undefined;
}
