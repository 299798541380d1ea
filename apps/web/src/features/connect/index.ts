import { withPlatformStrings } from '../platform-link/index.ts';
import { ConnectPlatPage as Page } from './connect-plat-page.tsx';

/** The page with the platform link's strings (the install, the claim, the first sync). */
export const ConnectPlatPage = withPlatformStrings(Page);
