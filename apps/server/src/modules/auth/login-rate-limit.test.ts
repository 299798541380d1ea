import { api } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCode } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

// Per account 3, per client address 6: small enough to reach, apart enough to tell which one
// refused. Users are signed up from other addresses so that does not spend the budgets under test.
let t: TestApp;
beforeAll(async () => void (t = await startTestApp({ trustProxy: true, authRateLimit: { max: 3, clientMax: 6, windowMs: 60_000 } })));
afterAll(() => t.close());

let addressSeq = 0;
/** A client address no other test of this file uses. */
const newAddress = () => `10.1.${Math.floor(++addressSeq / 250)}.${(addressSeq % 250) + 1}`;

/** POSTs a contract route as if from `address` (behind the trusted proxy's X-Forwarded-For). */
async function post(path: string, body: unknown, address: string, opts: { token?: string; lang?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    payload: body as object,
    headers: {
      'x-forwarded-for': address,
      'accept-language': opts.lang ?? 'en-US',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() as { code: number; msg: string; data: unknown } };
}

const login = (account: string, password: string, address: string, lang?: string) =>
  post(api.auth.login.path, { login_method: 'password', account, password }, address, { lang });

/** Signs a user up (request, then the mailed code) from addresses of its own. */
async function newUser() {
  const account = `limit-${++addressSeq}-${Date.now()}@example.com`;
  const r = await post(api.auth.register.path, { account, password: 'secret123', agree_terms: true }, newAddress());
  expect(r.body.code).toBe(100);
  const verify_code = await readCode(t, 'email', account);
  const done = await post(api.auth.registerConfirm.path, { account, verify_code }, newAddress());
  expect(done.body.code).toBe(100);
  return { account, password: 'secret123', token: (done.body.data as { token: string }).token };
}

describe('sign-in budget per account, from any address', () => {
  it('answers 429 code 106 to the 4th login of one account, in the caller\'s language', async () => {
    const { account, password } = await newUser();
    const ip = newAddress();
    expect((await login(account, 'wrong1234', ip)).body.code).toBe(101);
    expect((await login(account, 'wrong1234', ip)).body.code).toBe(101);
    expect((await login(account, password, ip)).body.code).toBe(100);
    const en = await login(account, password, ip);
    expect(en.status).toBe(429);
    expect(en.body).toMatchObject({ code: 106, msg: 'Too many requests, please try again later.' });
    const ms = (en.body.data as { retry_after_ms: number }).retry_after_ms;
    expect(ms).toBeGreaterThan(0);
    expect(en.headers['retry-after']).toBe(String(Math.ceil(ms / 1000)));
    const zh = await login(account, password, newAddress(), 'zh-CN');
    expect(zh.status).toBe(429);
    expect(zh.body).toMatchObject({ code: 106, msg: '请求过于频繁，请稍后再试。' });
    // Case and spaces do not open a new window.
    expect((await login(account.toUpperCase(), password, newAddress())).status).toBe(429);
    expect((await login(` ${account} `, password, newAddress())).status).toBe(429);
  });

  it('stops guesses at one account spread over many addresses', async () => {
    const { account, password } = await newUser();
    for (let i = 0; i < 3; i++) expect((await login(account, `wrong${i}abcd`, newAddress())).status).toBe(401);
    const fourth = await login(account, password, newAddress());
    expect(fourth.status).toBe(429);
    // Another account is untouched.
    const other = await newUser();
    expect((await login(other.account, other.password, newAddress())).body.code).toBe(100);
  });

  it('limits code sign-in per phone, from any address', async () => {
    const mobile = '13600000042';
    for (let i = 0; i < 3; i++) {
      const r = await post(api.auth.login.path, { login_method: 'code', mobile, verify_code: '123456' }, newAddress());
      expect(r.status).toBe(400);
    }
    const r = await post(api.auth.login.path, { login_method: 'code', mobile, verify_code: '123456' }, newAddress());
    expect(r.status).toBe(429);
    expect(r.body.code).toBe(106);
    const spaced = await post(api.auth.login.path, { login_method: 'code', mobile: '136 0000-0042', verify_code: '123456' }, newAddress());
    expect(spaced.status).toBe(429);
    const other = await post(api.auth.login.path, { login_method: 'code', mobile: '13600000043', verify_code: '123456' }, newAddress());
    expect(other.status).toBe(400);
  });

  it('limits code requests per phone, from any address', async () => {
    const mobile = '13500000777';
    expect((await post(api.auth.sendVerifyCode.path, { mobile }, newAddress())).body.code).toBe(100);
    // Inside the 60 s countdown the code itself says to wait...
    for (let i = 0; i < 2; i++) {
      const r = await post(api.auth.sendVerifyCode.path, { mobile }, newAddress());
      expect(r.body.msg).toMatch(/^Please wait \d+ seconds/);
    }
    // ...and past the phone's budget the limiter answers first, whatever the address.
    const r = await post(api.auth.sendVerifyCode.path, { mobile }, newAddress());
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ code: 106, msg: 'Too many requests, please try again later.' });
  });
});

describe('budget per client address, across accounts', () => {
  it('refuses one address spraying guesses over many accounts after its budget', async () => {
    const ip = newAddress();
    for (let i = 0; i < 6; i++) {
      const r = await login(`spray-${i}@example.com`, 'guess1234', ip);
      expect(r.status).toBe(401);
    }
    const seventh = await login('spray-6@example.com', 'guess1234', ip);
    expect(seventh.status).toBe(429);
    expect(seventh.body.code).toBe(106);
    // The refusal belongs to that address: the same account from elsewhere is still answered.
    expect((await login('spray-6@example.com', 'guess1234', newAddress())).status).toBe(401);
  });

  it('limits sign-ups per address', async () => {
    const ip = newAddress();
    for (let i = 0; i < 6; i++) {
      const r = await post(api.auth.register.path, { account: `signup-${i}-${Date.now()}@example.com`, password: 'secret123', agree_terms: true }, ip);
      expect(r.body.code).toBe(100);
    }
    const r = await post(api.auth.register.path, { account: `signup-x-${Date.now()}@example.com`, password: 'secret123', agree_terms: true }, ip);
    expect(r.status).toBe(429);
    expect(r.body.code).toBe(106);
  });

  it('limits sign-up code guesses per address', async () => {
    const ip = newAddress();
    for (let i = 0; i < 6; i++) {
      const r = await post(api.auth.registerConfirm.path, { account: `guess-${i}@example.com`, verify_code: '123456' }, ip);
      expect(r.body.msg).toBe('The verification code is wrong.');
    }
    const r = await post(api.auth.registerConfirm.path, { account: 'guess-x@example.com', verify_code: '123456' }, ip);
    expect(r.status).toBe(429);
    expect(r.body.code).toBe(106);
  });

  it('limits verification code requests per address', async () => {
    const ip = newAddress();
    for (let i = 0; i < 6; i++) {
      const r = await post(api.auth.sendVerifyCode.path, { mobile: `1350000010${i}` }, ip);
      expect(r.body.code).toBe(100);
    }
    const r = await post(api.auth.sendVerifyCode.path, { mobile: '13500000109' }, ip, { lang: 'zh-CN' });
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ code: 106, msg: '请求过于频繁，请稍后再试。' });
  });
});

describe('sign-up and phone-link codes per subject', () => {
  it('stops guesses at one sign-up code spread over many addresses', async () => {
    const account = `pending-${Date.now()}@example.com`;
    expect((await post(api.auth.register.path, { account, password: 'secret123', agree_terms: true }, newAddress())).body.code).toBe(100);
    for (let i = 0; i < 3; i++) {
      expect((await post(api.auth.registerConfirm.path, { account, verify_code: '000000' }, newAddress())).status).toBe(400);
    }
    const r = await post(api.auth.registerConfirm.path, { account, verify_code: await readCode(t, 'email', account) }, newAddress());
    expect(r.status).toBe(429);
  });

  it('limits phone-link code requests per user, whatever the numbers and addresses', async () => {
    const { token } = await newUser();
    for (let i = 0; i < 3; i++) {
      const r = await post(api.auth.sendBindCode.path, { mobile: `1340000020${i}` }, newAddress(), { token });
      expect(r.body.code).toBe(100);
    }
    const r = await post(api.auth.sendBindCode.path, { mobile: '13400000209' }, newAddress(), { token });
    expect(r.status).toBe(429);
    expect(r.body.code).toBe(106);
  });
});

describe('current-password checks', () => {
  it('limits wrong current passwords on modify-password per user, from any address', async () => {
    const { token } = await newUser();
    const body = { old_password: 'wrong1234', new_password: 'newpass123', confirm_password: 'newpass123' };
    for (let i = 0; i < 3; i++) {
      const r = await post(api.auth.modifyPassword.path, body, newAddress(), { token });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('The current password is wrong.');
    }
    const r = await post(api.auth.modifyPassword.path, { ...body, old_password: 'secret123' }, newAddress(), { token });
    expect(r.status).toBe(429);
    expect(r.body.code).toBe(106);
  });

  it('limits wrong current passwords on modify-email per user', async () => {
    const { token } = await newUser();
    for (let i = 0; i < 3; i++) {
      const r = await post(api.auth.modifyEmail.path, { email: `new-${i}@example.com`, password: 'wrong1234' }, newAddress(), { token });
      expect(r.status).toBe(400);
    }
    const r = await post(api.auth.modifyEmail.path, { email: 'new-x@example.com', password: 'secret123' }, newAddress(), { token });
    expect(r.status).toBe(429);
    expect(r.body.code).toBe(106);
  });
});
