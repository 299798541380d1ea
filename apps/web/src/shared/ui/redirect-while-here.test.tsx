import { act, render, screen, waitFor } from '@testing-library/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RedirectWhileHere } from './redirect-while-here.tsx';

/** A browser router at /step, which sends a visitor on to /start; every path it showed. */
function openAtStep() {
  window.history.replaceState(null, '', '/step');
  const router = createBrowserRouter([
    { path: '/step', element: <RedirectWhileHere to="/start" /> },
    { path: '/start', element: <p>start</p> },
    { path: '/list', element: <p>list</p> },
  ]);
  const shown: string[] = [];
  router.subscribe((s) => shown.push(s.location.pathname));
  render(<RouterProvider router={router} />);
  return { router, shown };
}

describe('a redirect that gives way to the user', () => {
  it('sends a visitor on, replacing the page it was sent from', async () => {
    const { shown } = openAtStep();
    await screen.findByText('start');
    expect(window.location.pathname).toBe('/start');
    expect(shown).toEqual(['/start']);
  });

  it('stays out of the way of a navigation begun as the page drew it (the close icon pressed at once)', async () => {
    const { router, shown } = openAtStep();
    // The page has drawn the redirect and run its effects; the user's navigation comes before the next task.
    await act(async () => {
      await router.navigate('/list');
    });
    await screen.findByText('list');
    // One task later the redirect would have gone: wait past it, then check it never did.
    await act(() => new Promise((r) => setTimeout(r, 10)));
    await waitFor(() => expect(window.location.pathname).toBe('/list'));
    expect(shown).toEqual(['/list']);
    router.dispose();
  });
});
