export { OrderExportPage } from './order-export-page.tsx';
