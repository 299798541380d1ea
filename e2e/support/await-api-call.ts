import type { Page } from 'playwright-core';

export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/**
 * Does `act` and waits for the admin's call to `/api<path>` it causes, returning the reply's
 * envelope: the test then moves on when the server has answered, not after a guessed delay.
 */
export async function awaitApiCall(page: Page, path: string, act: () => Promise<unknown>): Promise<Envelope> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === `/api${path}`),
    act(),
  ]);
  return (await response.json()) as Envelope;
}
