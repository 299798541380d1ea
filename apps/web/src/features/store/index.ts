// What other features use of the store (the route table loads its pages from pages.ts).
// The store's fields form, also asked when a store is connected (connect).
export { StoreFields } from './store-fields.tsx';
