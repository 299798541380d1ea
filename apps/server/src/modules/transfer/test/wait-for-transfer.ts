import { api } from '@storecast/contract';
import type { TestApp } from '../../../test/start-test-app.ts';

/** Test helper: polls an import or export record until it leaves "in progress". */
export async function waitForTransfer(t: TestApp, token: string, kind: 'import' | 'export', id: string) {
  const route = kind === 'import' ? api.audience.importDetail : api.audience.exportDetail;
  for (let i = 0; i < 200; i++) {
    const res = await t.call(route, { token, query: { id } });
    if (res.body.code !== 100) throw new Error(`${kind} detail: ${res.body.msg}`);
    if (res.body.data.status !== 'in_progress') return res.body.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${kind} ${id} did not finish`);
}
