export { OutboxPage } from './outbox-page.tsx';
