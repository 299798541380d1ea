import { lazyStrings } from '../../shared/i18n/lazy-strings.tsx';

/** The catalogue's strings (locales/<lang>/products.ts), loaded with the first product list or picker. */
export const { load: loadProductsStrings, withStrings: withProductsStrings } = lazyStrings('products', {
  'zh-CN': () => import('../../locales/zh-CN/products.ts'),
  'en-US': () => import('../../locales/en-US/products.ts'),
});
