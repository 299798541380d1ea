import { use, type ComponentType } from 'react';
import { loadPopupStrings } from './load-popup-strings.ts';

/**
 * A pop-up page that renders once its strings are there. Until then it suspends, so the layout's
 * Suspense shows the page spinner, as it does while the page's own code loads.
 */
export function withPopupStrings<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function WithPopupStrings(props: P) {
    use(loadPopupStrings());
    return <Page {...props} />;
  }
  WithPopupStrings.displayName = `WithPopupStrings(${Page.displayName ?? Page.name})`;
  return WithPopupStrings;
}
