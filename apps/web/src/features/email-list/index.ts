export { SubscriberListPage } from './subscriber-list-page.tsx';
export { TagsPage } from './tags-page.tsx';
export { HistoryPage } from './history-page.tsx';
export { ImportUploadPage } from './import-upload-page.tsx';
