export { ConnectPlatPage } from './connect-plat-page.tsx';
