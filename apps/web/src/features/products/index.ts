/**
 * The product catalogue in the admin: the product list (Element Send's Products tab), one-product
 * search for Element Send and the picker the e-mail editor's product blocks use. The components
 * wait for the catalogue's strings, which load with them.
 */
import { ProductPicker as Picker } from './product-picker.tsx';
import { ProductTable as Table } from './product-table.tsx';
import { withProductsStrings } from './load-products-strings.ts';

export const ProductTable = withProductsStrings(Table);
export const ProductPicker = withProductsStrings(Picker);
export type { ProductPickerProps } from './product-picker.tsx';
export { useProductFind, useProductList } from './queries.ts';
export { loadProductsStrings, withProductsStrings } from './load-products-strings.ts';
