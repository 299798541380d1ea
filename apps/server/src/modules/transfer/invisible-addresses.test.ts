import { api, DOWNLOAD_PATHS } from '@storecast/contract';
import { subscribers } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart-body.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { waitForTransfer } from './test/wait-for-transfer.ts';

let t: TestApp;
let owner: { token: string; shopId: string };

beforeAll(async () => {
  t = await startTestApp({}, { worker: true });
  owner = await signUp(t, { name: 'Invisible addresses' });
});
afterAll(() => t.close());

describe('an import row whose address holds broken or invisible characters', () => {
  it('is a bad row with the e-mail reason; the clean row is imported', async () => {
    // U+FFFD as a file with broken UTF-8 reads, a zero-width space, a right-to-left override, a control.
    const csv = 'email,first_name\nclean@example.com,Clean\nbro\uFFFDken@example.com,Broken\nzero\u200Bwidth@example.com,Zero\n'
      + 'rtl@\u202Eelpmaxe.com,Rtl\nbell\u0007@example.com,Bell\n';
    const up = await t.call(api.audience.importUpload, { token: owner.token, body: multipartBody('people.csv', Buffer.from(csv)) });
    expect(up.body.code, up.body.msg).toBe(100);
    const start = await t.call(api.audience.importStart, {
      token: owner.token, body: { upload_id: up.body.data.upload_id, mapping: up.body.data.suggested_mapping },
    });
    expect(start.body.code, start.body.msg).toBe(100);
    const record = await waitForTransfer(t, owner.token, 'import', start.body.data.import_id);
    expect(record).toMatchObject({ status: 'completed', total_rows: 5, new_rows: 1, invalid_rows: 4 });
    const stored = await t.deps.dbh.db.select({ email: subscribers.email }).from(subscribers).where(eq(subscribers.shopId, owner.shopId));
    expect(stored).toEqual([{ email: 'clean@example.com' }]);
    const errors = await t.app.inject({
      url: `/api${DOWNLOAD_PATHS.importErrors}?id=${start.body.data.import_id}`, headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'en-US' },
    });
    const reasons = errors.body.replace(/^\ufeff/, '').trim().split('\r\n').slice(1).map((line) => line.split(',').slice(0, 2).join(','));
    expect(reasons).toEqual(['3,Invalid e-mail address', '4,Invalid e-mail address', '5,Invalid e-mail address', '6,Invalid e-mail address']);
  });
});
