import { api } from '@storecast/contract';
import { sendPackages, shopScope } from '@storecast/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { checkAvailableVolume } from './available-volume.ts';
import { reserveVolume } from './sending-volume.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp()));
afterAll(() => t.close());

/** The refusal's key and the `available` it reports, or 'ok'. */
async function outcome(run: () => Promise<void>) {
  try {
    await run();
    return 'ok';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { key: err.key, available: (err.data as { available: number }).available };
  }
}

describe('available volume, one rule for the header and a send', () => {
  it('counts an over-reserved pack as zero, not against the other packs', async () => {
    const { token, shopId } = await signUp(t);
    // Beside the starter pack (500 left, none reserved), a pack whose reservations exceed what it
    // has left: it can send nothing, and must not take volume away from the starter pack.
    await t.deps.dbh.db.insert(sendPackages).values({
      shopId, name: 'Over-reserved', kind: 'recharge', total: 100, remaining: 10, waiting: 40,
      expiresAt: new Date(Date.now() + 60 * 24 * 3600 * 1000),
    });

    const shown = (await t.call(api.billing.enableData, { token })).body.data.total_enable_email_number;
    expect(shown).toBe(500);

    const scope = shopScope(shopId);
    expect(await outcome(() => checkAvailableVolume(t.deps.dbh.db, scope, 501))).toEqual({ key: 'errors.volume.short', available: 500 });
    expect(await outcome(() => t.deps.dbh.transaction((c) => reserveVolume(c, shopId, 501)))).toEqual({ key: 'errors.volume.short', available: 500 });
    expect(await outcome(() => checkAvailableVolume(t.deps.dbh.db, scope, 500))).toBe('ok');
    expect(await outcome(() => t.deps.dbh.transaction((c) => reserveVolume(c, shopId, 500)))).toBe('ok');

    expect((await t.call(api.billing.enableData, { token })).body.data.total_enable_email_number).toBe(0);
    expect(await outcome(() => checkAvailableVolume(t.deps.dbh.db, scope, 1))).toEqual({ key: 'errors.volume.noPack', available: 0 });
  });
});
