export { SegmentsPage } from './segments-page.tsx';
