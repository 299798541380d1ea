import { buildSchema, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { AdminContext } from './admin-context.ts';
import { ADMIN_SCHEMA_SDL } from './admin-schema.ts';
import type { CustomerRecord, DiscountRecord, LineItemRecord, OrderRecord, ProductRecord, RefundRecord, ThemeRecord, VariantRecord } from './fake-shopify-store.ts';
import { gid, parseGid } from './fake-shopify-store.ts';
import { date, list, num, searchFilter, text } from './filter-search-query.ts';
import { pageList, pageTable, toConnection } from './page-records.ts';
import { mutationResolvers } from './run-admin-mutations.ts';

// Resolvers see the records as stored; graphql-js checks what they return against the schema.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Resolver = GraphQLFieldResolver<any, AdminContext, any>;
type Resolvers = Record<string, Record<string, Resolver>>;

const bag = (amount: string, currencyCode: string) => ({ shopMoney: { amount, currencyCode }, presentmentMoney: { amount, currencyCode } });
const idOf = (type: string) => (r: { id: number }) => gid(type, r.id);

/** A record by its global id, when the id names that type. */
function byGid<T extends { id: number }>(table: { get(id: number): T | undefined }, id: unknown, type: string): T | null {
  const g = parseGid(id);
  return g && g.type === type ? (table.get(g.id) ?? null) : null;
}

type LineItemView = LineItemRecord & { currencyCode: string };
type VariantView = VariantRecord & { productId: number };

function variantOf(ctx: AdminContext, variantId: number | null): VariantView | null {
  if (variantId == null) return null;
  const productId = Math.floor(variantId / 100);
  const v = ctx.store.products.get(productId)?.variants.find((x) => x.id === variantId);
  return v ? { ...v, productId } : null;
}

function nodeById(ctx: AdminContext, id: unknown): Record<string, unknown> | null {
  const g = parseGid(id);
  if (!g) return null;
  const found: unknown =
    g.type === 'Customer' ? ctx.store.customers.get(g.id)
    : g.type === 'Order' ? ctx.store.orders.get(g.id)
    : g.type === 'Product' ? ctx.store.products.get(g.id)
    : g.type === 'Collection' ? ctx.store.collections.get(g.id)
    : g.type === 'ProductVariant' ? variantOf(ctx, g.id)
    : g.type === 'BulkOperation' ? ctx.bulkOperations.list.find((b) => b.id === g.id)
    : g.type === 'WebhookSubscription' ? ctx.store.webhookSubscriptions.find((w) => w.id === g.id)
    : g.type === 'DiscountCodeNode' ? ctx.store.discounts.find((d) => d.id === g.id)
    : undefined;
  // graphql-js picks the concrete type of an interface from `__typename`.
  return found ? { ...(found as object), __typename: g.type } : null;
}

const customerSearch = {
  id: num<CustomerRecord>((c) => c.id),
  email: text<CustomerRecord>((c) => c.email),
  phone: text<CustomerRecord>((c) => c.phone),
  created_at: date<CustomerRecord>((c) => c.createdAt),
  updated_at: date<CustomerRecord>((c) => c.updatedAt),
  tag: list<CustomerRecord>((c) => c.tags),
};
const orderSearch = {
  id: num<OrderRecord>((o) => o.id),
  name: text<OrderRecord>((o) => o.name),
  email: text<OrderRecord>((o) => o.email),
  customer_id: num<OrderRecord>((o) => o.customerId),
  created_at: date<OrderRecord>((o) => o.createdAt),
  updated_at: date<OrderRecord>((o) => o.updatedAt),
  processed_at: date<OrderRecord>((o) => o.processedAt),
};
const productSearch = {
  id: num<ProductRecord>((p) => p.id),
  status: text<ProductRecord>((p) => p.status),
  handle: text<ProductRecord>((p) => p.handle),
  created_at: date<ProductRecord>((p) => p.createdAt),
  updated_at: date<ProductRecord>((p) => p.updatedAt),
};

const resolvers: Resolvers = {
  QueryRoot: {
    shop: (_s, _a, ctx) => ({ id: gid('Shop', 1), ...ctx.store.shop }),
    customers: (_s, a, ctx) => toConnection(pageTable(ctx.store.customers, a, ctx.bulk, searchFilter(a.query, customerSearch))),
    customer: (_s, a, ctx) => byGid(ctx.store.customers, a.id, 'Customer'),
    orders: (_s, a, ctx) => toConnection(pageTable(ctx.store.orders, a, ctx.bulk, searchFilter(a.query, orderSearch))),
    order: (_s, a, ctx) => byGid(ctx.store.orders, a.id, 'Order'),
    products: (_s, a, ctx) => toConnection(pageTable(ctx.store.products, a, ctx.bulk, searchFilter(a.query, productSearch))),
    product: (_s, a, ctx) => byGid(ctx.store.products, a.id, 'Product'),
    node: (_s, a, ctx) => nodeById(ctx, a.id),
    currentBulkOperation: (_s, a, ctx) => (a.type === 'QUERY' ? (ctx.bulkOperations.list.at(-1) ?? null) : null),
    webhookSubscriptions: (_s, a, ctx) => {
      const topics = a.topics as string[] | undefined;
      const all = ctx.store.webhookSubscriptions.filter((w) => !topics || topics.includes(w.topic));
      return toConnection(pageList(all, a, ctx.bulk));
    },
    codeDiscountNodeByCode: (_s, a, ctx) => ctx.store.discounts.find((d) => d.code.toLowerCase() === String(a.code).toLowerCase()) ?? null,
    shopLocales: (_s, a, ctx) => ctx.store.shop.locales.filter((l) => !a.published || l.published),
    themes: (_s, a, ctx) => {
      const roles = a.roles as string[] | undefined;
      const names = a.names as string[] | undefined;
      const themes = ctx.store.themes.filter((t) => (!roles || roles.includes(t.role)) && (!names || names.includes(t.name)));
      return toConnection(pageList(themes, a, ctx.bulk));
    },
  },
  Mutation: mutationResolvers,
  Shop: {
    primaryDomain: (shop: { primaryDomainUrl: string }) => {
      const url = new URL(shop.primaryDomainUrl);
      return { id: gid('Domain', 1), host: url.host, url: url.href.replace(/\/$/, ''), sslEnabled: url.protocol === 'https:' };
    },
  },
  OnlineStoreTheme: {
    id: idOf('OnlineStoreTheme'),
    // Shopify reads the files named (all when none), in name order; a name it lacks is left out.
    files: (t: ThemeRecord, a, ctx) => {
      const wanted = a.filenames as string[] | undefined;
      const names = [...t.files.keys()].filter((n) => !wanted || wanted.includes(n)).sort();
      const files = names.map((filename, i) => ({
        id: i + 1, filename, content: t.files.get(filename) as string, createdAt: t.createdAt, updatedAt: t.updatedAt,
      }));
      const missing = (wanted ?? []).filter((n) => !t.files.has(n)).map((filename) => ({ code: 'NOT_FOUND', filename }));
      return { ...toConnection(pageList(files, a, ctx.bulk)), userErrors: missing };
    },
  },
  OnlineStoreThemeFile: {
    size: (f: { content: string }) => String(Buffer.byteLength(f.content)),
    contentType: (f: { filename: string }) => (f.filename.endsWith('.json') ? 'application/json' : 'text/plain'),
    body: (f: { content: string }) => ({ __typename: 'OnlineStoreThemeFileBodyText', content: f.content }),
  },
  Customer: {
    id: idOf('Customer'),
    orders: (c: CustomerRecord, a, ctx) => {
      const orders = ctx.ordersOf(c.id).map((id) => ctx.store.orders.get(id) as OrderRecord);
      return toConnection(pageList(orders, a, ctx.bulk));
    },
  },
  Order: {
    id: idOf('Order'),
    totalPriceSet: (o: OrderRecord) => bag(o.totalPrice, o.currencyCode),
    customer: (o: OrderRecord, _a, ctx) => (o.customerId ? (ctx.store.customers.get(o.customerId) ?? null) : null),
    lineItems: (o: OrderRecord, a, ctx) =>
      toConnection(pageList(o.lineItems.map((l): LineItemView => ({ ...l, currencyCode: o.currencyCode })), a, ctx.bulk)),
    refunds: (o: OrderRecord, a) => o.refunds.slice(0, a.first ?? undefined).map((r) => ({ ...r, currencyCode: o.currencyCode })),
  },
  LineItem: {
    id: idOf('LineItem'),
    variant: (l: LineItemView, _a, ctx) => variantOf(ctx, l.variantId),
    product: (l: LineItemView, _a, ctx) => (l.productId ? (ctx.store.products.get(l.productId) ?? null) : null),
    originalUnitPriceSet: (l: LineItemView) => bag(l.unitPrice, l.currencyCode),
  },
  Refund: {
    id: idOf('Refund'),
    totalRefundedSet: (r: RefundRecord & { currencyCode: string }) => bag(r.amount, r.currencyCode),
  },
  Product: {
    id: idOf('Product'),
    featuredImage: (p: ProductRecord) => (p.imageUrl ? { id: gid('ProductImage', p.id), url: p.imageUrl, altText: p.title } : null),
    variants: (p: ProductRecord, a, ctx) => toConnection(pageList(p.variants.map((v): VariantView => ({ ...v, productId: p.id })), a, ctx.bulk)),
    collections: (p: ProductRecord, a, ctx) => {
      const collections = p.collectionIds.map((id) => ctx.store.collections.get(id)).filter((c) => c !== undefined);
      return toConnection(pageList(collections, a, ctx.bulk));
    },
  },
  ProductVariant: {
    id: idOf('ProductVariant'),
    product: (v: VariantView, _a, ctx) => ctx.store.products.get(v.productId),
  },
  Collection: { id: idOf('Collection') },
  WebhookSubscription: {
    id: idOf('WebhookSubscription'),
    endpoint: (w: { callbackUrl: string }) => ({ __typename: 'WebhookHttpEndpoint', callbackUrl: w.callbackUrl }),
  },
  DiscountCodeNode: {
    id: idOf('DiscountCodeNode'),
    codeDiscount: (d: DiscountRecord) => ({ ...d, __typename: 'DiscountCodeBasic' }),
  },
  DiscountCodeBasic: {
    status: (d: DiscountRecord) => {
      const now = Date.now();
      return Date.parse(d.startsAt) > now ? 'SCHEDULED' : d.endsAt && Date.parse(d.endsAt) <= now ? 'EXPIRED' : 'ACTIVE';
    },
    asyncUsageCount: () => 0,
    summary: (d: DiscountRecord) =>
      d.percentage != null ? `${Math.round(d.percentage * 100)}% off entire order` : `${d.amount?.amount ?? '0'} off entire order`,
    codes: (d: DiscountRecord, a, ctx) =>
      toConnection(pageList([{ id: d.id, code: d.code, asyncUsageCount: 0, __id: gid('DiscountRedeemCode', d.id) }], a, ctx.bulk)),
  },
  DiscountRedeemCode: { id: (c: { __id: string }) => c.__id },
  BulkOperation: {
    id: idOf('BulkOperation'),
    // UnsignedInt64 travels as a string in Shopify's JSON.
    objectCount: (b: { objectCount: number }) => String(b.objectCount),
    rootObjectCount: (b: { rootObjectCount: number }) => String(b.rootObjectCount),
    fileSize: (b: { fileSize: number | null }) => (b.fileSize == null ? null : String(b.fileSize)),
  },
};

/** The Admin schema with the fake's resolvers attached to its fields. */
export function makeAdminSchema(): GraphQLSchema {
  const schema = buildSchema(ADMIN_SCHEMA_SDL);
  for (const [typeName, fields] of Object.entries(resolvers)) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) throw new Error(`fake Shopify: no object type ${typeName}`);
    const defs = type.getFields();
    for (const [fieldName, resolve] of Object.entries(fields)) {
      const def = defs[fieldName];
      if (!def) throw new Error(`fake Shopify: no field ${typeName}.${fieldName}`);
      def.resolve = resolve;
    }
  }
  return schema;
}
