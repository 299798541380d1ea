export { HelpArticlePage, HelpHomePage } from './help-pages.tsx';
