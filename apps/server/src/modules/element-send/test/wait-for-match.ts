import { api, type ElementMatchState } from '@storecast/contract';
import type { TestApp } from '../../../test/start-test-app.ts';

/**
 * Polls the match state until `until` holds (by default: settled, done or failed) and returns
 * it with every progress value and slot status seen on the way. Waits for a state, not a time:
 * the limit only turns a hang into a readable failure.
 */
export async function waitForMatch(
  t: TestApp, token: string, id: string,
  until: (s: ElementMatchState) => boolean = (s) => s.status === 'done' || s.status === 'failed',
  ms = 25_000,
) {
  const progress = new Set<number>();
  const statuses = new Set<string>();
  const end = Date.now() + ms;
  for (;;) {
    const res = await t.call(api.element.state, { token, query: { id } });
    if (res.body.code !== 100) throw new Error(`match-state: ${res.body.msg}`);
    const state = res.body.data;
    progress.add(state.progress.done);
    for (const s of state.slots) statuses.add(s.status);
    if (until(state)) return { state, progress, statuses };
    if (Date.now() > end) throw new Error(`matching did not settle: ${JSON.stringify(state.slots.map((s) => s.status))}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
