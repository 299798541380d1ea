import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n/i18n.ts';
import { WriteForMe } from './write-for-me.tsx';

/**
 * The first page showing the button renders it while its strings are still on their way, inside
 * a navigation (a transition), as the router renders pages. React then waits for the strings and
 * renders the button again from where it paused: the second render must call the same hooks as
 * the first, or React throws (minified errors #467 and #520) and starts over.
 */
describe('WriteForMe on the first page that shows it', () => {
  let root: Root | undefined;
  afterEach(() => {
    root?.unmount();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('renders once its strings arrive, without an error React has to recover from', async () => {
    // A navigation as the browser runs it, not inside act(): React may pause and resume the render.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    // The test setup loads every catalogue; the app loads this one with the first button.
    for (const lang of ['zh-CN', 'en-US']) delete (i18n.store.data[lang]!.translation as Record<string, unknown>).aiWriter;
    expect(i18n.exists('aiWriter.button')).toBe(false);
    const errors: unknown[] = [];
    const container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container, { onRecoverableError: (e) => errors.push(e), onUncaughtError: (e) => errors.push(e) });
    startTransition(() => {
      root!.render(
        <QueryClientProvider client={new QueryClient()}>
          <WriteForMe purpose="campaign" channel="email" onWritten={() => {}} testId="wfm" />
        </QueryClientProvider>,
      );
    });
    await waitFor(() => expect(screen.getByTestId('wfm')).not.toBeDisabled());
    expect(errors).toEqual([]);
  });
});
