/**
 * The part of Shopify's Admin GraphQL schema the fake serves, in Shopify's own names and types
 * (taken from the Admin API reference). A query that asks for anything else is refused by
 * graphql-js validation, as Shopify refuses it, so the connector cannot come to rely on a field
 * the fake invented. Paging is forward only (`first`/`after`) and sorted by id.
 */
export const ADMIN_SCHEMA_SDL = /* GraphQL */ `
schema { query: QueryRoot mutation: Mutation }

scalar DateTime
scalar Decimal
scalar Money
scalar URL
scalar UnsignedInt64

interface Node { id: ID! }

type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }

type QueryRoot {
  shop: Shop!
  customers(first: Int, after: String, query: String): CustomerConnection!
  customer(id: ID!): Customer
  orders(first: Int, after: String, query: String): OrderConnection!
  order(id: ID!): Order
  products(first: Int, after: String, query: String): ProductConnection!
  product(id: ID!): Product
  node(id: ID!): Node
  currentBulkOperation(type: BulkOperationType = QUERY): BulkOperation
  webhookSubscriptions(first: Int, after: String, topics: [WebhookSubscriptionTopic!]): WebhookSubscriptionConnection!
  codeDiscountNodeByCode(code: String!): DiscountCodeNode
  shopLocales(published: Boolean = false): [ShopLocale!]!
  themes(first: Int, after: String, roles: [ThemeRole!], names: [String!]): OnlineStoreThemeConnection
}

type Mutation {
  webhookSubscriptionCreate(topic: WebhookSubscriptionTopic!, webhookSubscription: WebhookSubscriptionInput!): WebhookSubscriptionCreatePayload
  webhookSubscriptionUpdate(id: ID!, webhookSubscription: WebhookSubscriptionInput!): WebhookSubscriptionUpdatePayload
  webhookSubscriptionDelete(id: ID!): WebhookSubscriptionDeletePayload
  discountCodeBasicCreate(basicCodeDiscount: DiscountCodeBasicInput!): DiscountCodeBasicCreatePayload
  discountCodeBasicUpdate(id: ID!, basicCodeDiscount: DiscountCodeBasicInput!): DiscountCodeBasicUpdatePayload
  bulkOperationRunQuery(query: String!): BulkOperationRunQueryPayload
  customerEmailMarketingConsentUpdate(input: CustomerEmailMarketingConsentUpdateInput!): CustomerEmailMarketingConsentUpdatePayload
  customerSmsMarketingConsentUpdate(input: CustomerSmsMarketingConsentUpdateInput!): CustomerSmsMarketingConsentUpdatePayload
}

enum CurrencyCode { AUD CAD CHF CNY DKK EUR GBP HKD JPY NOK NZD PLN SEK SGD USD }

type Shop implements Node {
  id: ID!
  name: String!
  myshopifyDomain: String!
  currencyCode: CurrencyCode!
  ianaTimezone: String!
  email: String!
  primaryDomain: Domain!
}
type Domain { id: ID! host: String! url: URL! sslEnabled: Boolean! }
type ShopLocale { locale: String! name: String! primary: Boolean! published: Boolean! }

enum ThemeRole { ARCHIVED DEMO DEVELOPMENT LOCKED MAIN UNPUBLISHED }
type OnlineStoreTheme implements Node {
  id: ID!
  name: String!
  role: ThemeRole!
  createdAt: DateTime!
  updatedAt: DateTime!
  files(filenames: [String!], first: Int, after: String): OnlineStoreThemeFileConnection
}
type OnlineStoreThemeEdge { cursor: String! node: OnlineStoreTheme! }
type OnlineStoreThemeConnection { nodes: [OnlineStoreTheme!]! edges: [OnlineStoreThemeEdge!]! pageInfo: PageInfo! }
type OnlineStoreThemeFileBodyText { content: String! }
type OnlineStoreThemeFileBodyBase64 { contentBase64: String! }
type OnlineStoreThemeFileBodyUrl { url: URL! }
union OnlineStoreThemeFileBody = OnlineStoreThemeFileBodyBase64 | OnlineStoreThemeFileBodyText | OnlineStoreThemeFileBodyUrl
type OnlineStoreThemeFile { filename: String! size: UnsignedInt64! contentType: String! body: OnlineStoreThemeFileBody! createdAt: DateTime! updatedAt: DateTime! }
type OnlineStoreThemeFileEdge { cursor: String! node: OnlineStoreThemeFile! }
enum OnlineStoreThemeFileResultType { BAD_REQUEST CONFLICT ERROR NOT_FOUND SUCCESS TIMEOUT UNKNOWN_ERROR }
type OnlineStoreThemeFileReadResult { code: OnlineStoreThemeFileResultType! filename: String! }
type OnlineStoreThemeFileConnection {
  nodes: [OnlineStoreThemeFile!]!
  edges: [OnlineStoreThemeFileEdge!]!
  pageInfo: PageInfo!
  userErrors: [OnlineStoreThemeFileReadResult!]!
}

enum CustomerEmailMarketingState { INVALID NOT_SUBSCRIBED PENDING REDACTED SUBSCRIBED UNSUBSCRIBED }
enum CustomerSmsMarketingState { NOT_SUBSCRIBED PENDING REDACTED SUBSCRIBED UNSUBSCRIBED }
enum CustomerMarketingOptInLevel { CONFIRMED_OPT_IN SINGLE_OPT_IN UNKNOWN }
enum CustomerConsentCollectedFrom { OTHER SHOPIFY }

type CustomerEmailMarketingConsentState {
  marketingState: CustomerEmailMarketingState!
  marketingOptInLevel: CustomerMarketingOptInLevel
  consentUpdatedAt: DateTime
}

type CustomerSmsMarketingConsentState {
  marketingState: CustomerSmsMarketingState!
  marketingOptInLevel: CustomerMarketingOptInLevel!
  consentUpdatedAt: DateTime
  consentCollectedFrom: CustomerConsentCollectedFrom
}

type Customer implements Node {
  id: ID!
  email: String
  phone: String
  firstName: String
  lastName: String
  createdAt: DateTime!
  updatedAt: DateTime!
  emailMarketingConsent: CustomerEmailMarketingConsentState
  smsMarketingConsent: CustomerSmsMarketingConsentState
  tags: [String!]!
  orders(first: Int, after: String): OrderConnection!
}
input CustomerEmailMarketingConsentInput {
  marketingState: CustomerEmailMarketingState!
  marketingOptInLevel: CustomerMarketingOptInLevel
  consentUpdatedAt: DateTime
}
input CustomerEmailMarketingConsentUpdateInput { customerId: ID! emailMarketingConsent: CustomerEmailMarketingConsentInput! }
enum CustomerEmailMarketingConsentUpdateUserErrorCode { INCLUSION INTERNAL_ERROR INVALID MISSING_ARGUMENT }
type CustomerEmailMarketingConsentUpdateUserError { field: [String!] message: String! code: CustomerEmailMarketingConsentUpdateUserErrorCode }
type CustomerEmailMarketingConsentUpdatePayload { customer: Customer userErrors: [CustomerEmailMarketingConsentUpdateUserError!]! }

input CustomerSmsMarketingConsentInput {
  marketingState: CustomerSmsMarketingState!
  marketingOptInLevel: CustomerMarketingOptInLevel
  consentUpdatedAt: DateTime
}
input CustomerSmsMarketingConsentUpdateInput { customerId: ID! smsMarketingConsent: CustomerSmsMarketingConsentInput! }
enum CustomerSmsMarketingConsentErrorCode { INCLUSION INTERNAL_ERROR INVALID MISSING_ARGUMENT }
type CustomerSmsMarketingConsentError { field: [String!] message: String! code: CustomerSmsMarketingConsentErrorCode }
type CustomerSmsMarketingConsentUpdatePayload { customer: Customer userErrors: [CustomerSmsMarketingConsentError!]! }

type CustomerEdge { cursor: String! node: Customer! }
type CustomerConnection { nodes: [Customer!]! edges: [CustomerEdge!]! pageInfo: PageInfo! }

type MoneyV2 { amount: Decimal! currencyCode: CurrencyCode! }
type MoneyBag { shopMoney: MoneyV2! presentmentMoney: MoneyV2! }

type Order implements Node {
  id: ID!
  name: String!
  email: String
  createdAt: DateTime!
  updatedAt: DateTime!
  processedAt: DateTime!
  currencyCode: CurrencyCode!
  totalPriceSet: MoneyBag!
  customer: Customer
  lineItems(first: Int, after: String): LineItemConnection!
  refunds(first: Int): [Refund!]!
  discountCodes: [String!]!
}
type OrderEdge { cursor: String! node: Order! }
type OrderConnection { nodes: [Order!]! edges: [OrderEdge!]! pageInfo: PageInfo! }

type LineItem implements Node {
  id: ID!
  title: String!
  quantity: Int!
  variant: ProductVariant
  product: Product
  originalUnitPriceSet: MoneyBag!
}
type LineItemEdge { cursor: String! node: LineItem! }
type LineItemConnection { nodes: [LineItem!]! edges: [LineItemEdge!]! pageInfo: PageInfo! }

type Refund implements Node { id: ID! createdAt: DateTime totalRefundedSet: MoneyBag! }

enum ProductStatus { ACTIVE ARCHIVED DRAFT }
type Image { id: ID url: URL! altText: String }

type Product implements Node {
  id: ID!
  title: String!
  handle: String!
  status: ProductStatus!
  createdAt: DateTime!
  updatedAt: DateTime!
  featuredImage: Image
  variants(first: Int, after: String): ProductVariantConnection!
  collections(first: Int, after: String): CollectionConnection!
}
type ProductEdge { cursor: String! node: Product! }
type ProductConnection { nodes: [Product!]! edges: [ProductEdge!]! pageInfo: PageInfo! }

type ProductVariant implements Node { id: ID! title: String! price: Money! sku: String product: Product! }
type ProductVariantEdge { cursor: String! node: ProductVariant! }
type ProductVariantConnection { nodes: [ProductVariant!]! edges: [ProductVariantEdge!]! pageInfo: PageInfo! }

type Collection implements Node { id: ID! title: String! handle: String! }
type CollectionEdge { cursor: String! node: Collection! }
type CollectionConnection { nodes: [Collection!]! edges: [CollectionEdge!]! pageInfo: PageInfo! }

type UserError { field: [String!] message: String! }

enum WebhookSubscriptionTopic {
  APP_UNINSTALLED BULK_OPERATIONS_FINISH CARTS_CREATE CARTS_UPDATE CHECKOUTS_CREATE CHECKOUTS_DELETE CHECKOUTS_UPDATE
  CUSTOMERS_CREATE CUSTOMERS_DELETE CUSTOMERS_EMAIL_MARKETING_CONSENT_UPDATE CUSTOMERS_MARKETING_CONSENT_UPDATE CUSTOMERS_UPDATE
  ORDERS_CANCELLED ORDERS_CREATE ORDERS_FULFILLED ORDERS_PAID ORDERS_UPDATED
  PRODUCTS_CREATE PRODUCTS_DELETE PRODUCTS_UPDATE REFUNDS_CREATE SHOP_UPDATE
}
enum WebhookSubscriptionFormat { JSON XML }
input WebhookSubscriptionInput {
  callbackUrl: URL
  format: WebhookSubscriptionFormat
  includeFields: [String!]
  metafieldNamespaces: [String!]
}
type WebhookHttpEndpoint { callbackUrl: URL! }
type WebhookEventBridgeEndpoint { arn: String! }
type WebhookPubSubEndpoint { pubSubProject: String! pubSubTopic: String! }
union WebhookSubscriptionEndpoint = WebhookEventBridgeEndpoint | WebhookHttpEndpoint | WebhookPubSubEndpoint
type WebhookSubscription implements Node {
  id: ID!
  topic: WebhookSubscriptionTopic!
  format: WebhookSubscriptionFormat!
  callbackUrl: URL!
  endpoint: WebhookSubscriptionEndpoint!
  includeFields: [String!]!
  metafieldNamespaces: [String!]!
  createdAt: DateTime!
  updatedAt: DateTime!
}
type WebhookSubscriptionEdge { cursor: String! node: WebhookSubscription! }
type WebhookSubscriptionConnection { nodes: [WebhookSubscription!]! edges: [WebhookSubscriptionEdge!]! pageInfo: PageInfo! }
type WebhookSubscriptionCreatePayload { webhookSubscription: WebhookSubscription userErrors: [UserError!]! }
type WebhookSubscriptionUpdatePayload { webhookSubscription: WebhookSubscription userErrors: [UserError!]! }
type WebhookSubscriptionDeletePayload { deletedWebhookSubscriptionId: ID userErrors: [UserError!]! }

input DiscountAmountInput { amount: Decimal appliesOnEachItem: Boolean }
input DiscountCustomerGetsValueInput { percentage: Float discountAmount: DiscountAmountInput }
input DiscountItemsInput { all: Boolean }
input DiscountCustomerGetsInput { value: DiscountCustomerGetsValueInput items: DiscountItemsInput appliesOnOneTimePurchase: Boolean appliesOnSubscription: Boolean }
input DiscountCombinesWithInput { orderDiscounts: Boolean productDiscounts: Boolean shippingDiscounts: Boolean }
input DiscountMinimumSubtotalInput { greaterThanOrEqualToSubtotal: Decimal }
input DiscountMinimumQuantityInput { greaterThanOrEqualToQuantity: UnsignedInt64 }
input DiscountMinimumRequirementInput { subtotal: DiscountMinimumSubtotalInput quantity: DiscountMinimumQuantityInput }
input DiscountCustomerSelectionInput { all: Boolean }
enum DiscountBuyerSelection { ALL }
input DiscountContextInput { all: DiscountBuyerSelection }
input DiscountCodeBasicInput {
  title: String
  code: String
  startsAt: DateTime
  endsAt: DateTime
  customerGets: DiscountCustomerGetsInput
  usageLimit: Int
  appliesOncePerCustomer: Boolean
  combinesWith: DiscountCombinesWithInput
  minimumRequirement: DiscountMinimumRequirementInput
  customerSelection: DiscountCustomerSelectionInput
  context: DiscountContextInput
}
enum DiscountErrorCode { BLANK INVALID TAKEN TOO_LONG VALUE_OUTSIDE_RANGE CONFLICT }
type DiscountUserError { field: [String!] code: DiscountErrorCode message: String! extraInfo: String }
enum DiscountStatus { ACTIVE EXPIRED SCHEDULED }
type DiscountRedeemCode { id: ID! code: String! asyncUsageCount: Int! }
type DiscountRedeemCodeEdge { cursor: String! node: DiscountRedeemCode! }
type DiscountRedeemCodeConnection { nodes: [DiscountRedeemCode!]! edges: [DiscountRedeemCodeEdge!]! pageInfo: PageInfo! }
type DiscountCodeBasic {
  title: String!
  status: DiscountStatus!
  startsAt: DateTime!
  endsAt: DateTime
  usageLimit: Int
  appliesOncePerCustomer: Boolean!
  asyncUsageCount: Int!
  summary: String!
  codes(first: Int, after: String): DiscountRedeemCodeConnection!
}
union DiscountCode = DiscountCodeBasic
type DiscountCodeNode implements Node { id: ID! codeDiscount: DiscountCode! }
type DiscountCodeBasicCreatePayload { codeDiscountNode: DiscountCodeNode userErrors: [DiscountUserError!]! }
type DiscountCodeBasicUpdatePayload { codeDiscountNode: DiscountCodeNode userErrors: [DiscountUserError!]! }

enum BulkOperationStatus { CANCELED CANCELING COMPLETED CREATED EXPIRED FAILED RUNNING }
enum BulkOperationErrorCode { ACCESS_DENIED INTERNAL_SERVER_ERROR TIMEOUT }
enum BulkOperationType { MUTATION QUERY }
type BulkOperation implements Node {
  id: ID!
  status: BulkOperationStatus!
  errorCode: BulkOperationErrorCode
  type: BulkOperationType!
  query: String!
  objectCount: UnsignedInt64!
  rootObjectCount: UnsignedInt64!
  fileSize: UnsignedInt64
  url: URL
  partialDataUrl: URL
  createdAt: DateTime!
  completedAt: DateTime
}
enum BulkOperationUserErrorCode { INVALID OPERATION_IN_PROGRESS }
type BulkOperationUserError { field: [String!] message: String! code: BulkOperationUserErrorCode }
type BulkOperationRunQueryPayload { bulkOperation: BulkOperation userErrors: [BulkOperationUserError!]! }
`;
