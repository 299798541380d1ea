import type { FakeShopifyStore } from './fake-shopify-store.ts';
import type { BulkRange } from './page-records.ts';

/** A bulk operation as the fake keeps it (Shopify's `BulkOperation` object, id as a number). */
export interface BulkOperationRecord {
  id: number;
  status: 'CREATED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELING' | 'CANCELED' | 'EXPIRED';
  errorCode: 'ACCESS_DENIED' | 'INTERNAL_SERVER_ERROR' | 'TIMEOUT' | null;
  type: 'QUERY';
  query: string;
  objectCount: number;
  rootObjectCount: number;
  fileSize: number | null;
  url: string | null;
  createdAt: string;
  completedAt: string | null;
}

/** What every resolver gets: the shop, and what a request or a bulk run adds. */
export interface AdminContext {
  store: FakeShopifyStore;
  /** Set while a bulk operation runs its query (see `BulkRange`); null for an API request. */
  bulk: BulkRange | null;
  /** The ids of a customer's orders, in id order. */
  ordersOf(customerId: number): number[];
  bulkOperations: {
    list: BulkOperationRecord[];
    /** Starts a bulk query: the operation, or the user errors that refused it. */
    start(query: string): { operation: BulkOperationRecord | null; userErrors: { field: string[]; message: string; code: string }[] };
  };
}
