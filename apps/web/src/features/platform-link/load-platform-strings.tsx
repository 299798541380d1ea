import { useEffect, useState, type ComponentType } from 'react';
import i18n from '../../shared/i18n/i18n.ts';
import { lazyStrings } from '../../shared/i18n/lazy-strings.tsx';

/**
 * The platform link's strings (locales/<lang>/platform-link.ts) stay out of the first load: they
 * arrive with the first piece that shows them.
 */
export const { load: loadPlatformStrings } = lazyStrings('platformLink', {
  'zh-CN': () => import('../../locales/zh-CN/platform-link.ts'),
  'en-US': () => import('../../locales/en-US/platform-link.ts'),
});

const present = () => i18n.exists('platformLink.link.reauthorize');

/**
 * A piece of a page that shows nothing until these strings are there, and never holds up the page
 * around it (no Suspense: the dashboard and the pop-up page draw at once, the piece joins them).
 */
export function withPlatformStrings<P extends object>(Piece: ComponentType<P>): ComponentType<P> {
  function WithPlatformStrings(props: P) {
    const [ready, setReady] = useState(present);
    useEffect(() => {
      if (ready) return;
      let live = true;
      void loadPlatformStrings().then(() => live && setReady(true));
      return () => {
        live = false;
      };
    }, [ready]);
    return ready ? <Piece {...props} /> : null;
  }
  WithPlatformStrings.displayName = `WithPlatformStrings(${Piece.displayName ?? Piece.name})`;
  return WithPlatformStrings;
}
