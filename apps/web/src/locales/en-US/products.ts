import type { Messages } from '../types.ts';
import type { products as zh } from '../zh-CN/products.ts';

/** The product catalogue: the product list, product search and picking a product. Loads with its pages. */
export const products: Messages<typeof zh> = {
  loadFailed: 'Products could not be loaded. Please try again later.',
  search: 'Search product ID, handle or title',
  collection: 'Collection',
  status: 'Status',
  allStatuses: 'All statuses',
  statuses: { active: 'Active', draft: 'Draft', archived: 'Archived' },
  column: {
    image: 'Image',
    title: 'Product',
    idHandle: 'ID / Handle',
    price: 'Price',
    compareAt: 'Compare-at price',
    stock: 'Stock',
    variants: 'Variants',
    status: 'Status',
    updated: 'Updated',
  },
  untracked: 'Not tracked',
  total: '{{total}} products',
  empty: {
    title: 'No products yet',
    body: "Your store's systems push products with their variants through the ingestion API (POST /public/v1/products); pushing the same product ID again updates it.",
    link: 'Create an API token',
  },
  noMatch: 'No products match.',
  picker: {
    placeholder: 'Search and pick a product',
    notFound: 'No product found',
  },
};
