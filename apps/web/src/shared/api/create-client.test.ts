// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ResultCode, authRoutes, shopRoutes, systemRoutes } from '@storecast/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR } from './api-error.ts';
import { apiBaseUrl } from './base-url.ts';
import { createClient, type ClientOptions } from './create-client.ts';

/** What the test server saw of the last request. */
let last: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string } = { headers: {}, body: '' };
/** What the test server answers next: a JSON envelope, raw text, or a delay. */
let reply: { status: number; json?: unknown; text?: string; delayMs?: number } = { status: 200 };

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      last = { method: req.method, url: req.url, headers: req.headers, body };
      const send = () => {
        res.statusCode = reply.status;
        if (reply.json !== undefined) {
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify(reply.json));
        } else res.end(reply.text ?? '');
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

function setup(over: Partial<ClientOptions> = {}) {
  const notify = vi.fn();
  const onSessionGone = vi.fn();
  const client = createClient({
    baseUrl: () => base,
    token: () => 'tok-1',
    language: () => 'en-US',
    notify,
    onSessionGone,
    networkErrorMessage: () => 'Network error',
    ...over,
  });
  return { ...client, notify, onSessionGone };
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe('createClient', () => {
  beforeEach(() => {
    reply = { status: 200 };
  });

  it('resolves with data on code 100 and sends token and language', async () => {
    reply = { status: 200, json: { code: ResultCode.OK, msg: 'ok', data: { token: 'new' } } };
    const { call, notify } = setup();
    const data = await call(authRoutes.login, { body: { login_method: 'password', account: 'a@b.co', password: 'x' } });
    expect(data).toEqual({ token: 'new' });
    expect(last.method).toBe('POST');
    expect(last.url).toBe('/api/shop-manager/login');
    expect(last.headers.authorization).toBe('Bearer tok-1');
    expect(last.headers['accept-language']).toBe('en-US');
    expect(last.headers['content-type']).toBe('application/json');
    expect(JSON.parse(last.body)).toEqual({ login_method: 'password', account: 'a@b.co', password: 'x' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('puts GET parameters in the query string and sends no body', async () => {
    reply = { status: 200, json: { code: 100, msg: '', data: {} } };
    const { call } = setup({ token: () => '' });
    await call(authRoutes.info, { query: { token: 'abc' } });
    expect(last.method).toBe('GET');
    expect(last.url).toBe('/api/shop-manager/info?token=abc');
    expect(last.headers.authorization).toBeUndefined();
    expect(last.body).toBe('');
  });

  it('shows the message and rejects with the field errors on code 103', async () => {
    reply = {
      status: 400,
      json: { code: ResultCode.INVALID, msg: 'Some fields are not valid.', data: { fields: { name: 'Store name can not be empty.' } } },
    };
    const { call, notify, onSessionGone } = setup();
    const e = await failure(call(shopRoutes.saveInfo, { body: { name: '', homepage_url: 'x', currency: 'USD', timezone: 'UTC' } }));
    expect(e.code).toBe(ResultCode.INVALID);
    expect(e.message).toBe('Some fields are not valid.');
    expect(e.fields).toEqual({ name: 'Store name can not be empty.' });
    expect(notify).toHaveBeenCalledWith('Some fields are not valid.', { fields: { name: 'Store name can not be empty.' } });
    expect(onSessionGone).not.toHaveBeenCalled();
  });

  it('treats any other code as an error, whatever the HTTP status', async () => {
    reply = { status: 200, json: { code: ResultCode.FAILED, msg: 'The current password is wrong.', data: null } };
    const { call, notify } = setup();
    const e = await failure(call(authRoutes.logout));
    expect(e.code).toBe(ResultCode.FAILED);
    expect(e.fields).toEqual({});
    expect(notify).toHaveBeenCalledWith('The current password is wrong.', null);
  });

  it("hands the envelope's data to notify, so a membership refusal can offer an upgrade", async () => {
    reply = { status: 403, json: { code: ResultCode.FORBIDDEN, msg: 'Needs Basic.', data: { required_level: 2 } } };
    const { call, notify } = setup();
    await failure(call(shopRoutes.info));
    expect(notify).toHaveBeenCalledWith('Needs Basic.', { required_level: 2 });
  });

  it('ends the session on code 102', async () => {
    reply = { status: 401, json: { code: ResultCode.SESSION_GONE, msg: 'Please log in.', data: null } };
    const { call, notify, onSessionGone } = setup();
    const e = await failure(call(shopRoutes.info));
    expect(e.code).toBe(ResultCode.SESSION_GONE);
    expect(notify).toHaveBeenCalledWith('Please log in.', null);
    expect(onSessionGone).toHaveBeenCalledTimes(1);
  });

  it('leaves everything to the caller when quiet', async () => {
    reply = { status: 401, json: { code: ResultCode.SESSION_GONE, msg: 'Please log in.', data: null } };
    const { call, notify, onSessionGone } = setup();
    await failure(call(authRoutes.info, { query: {}, quiet: true }));
    expect(notify).not.toHaveBeenCalled();
    expect(onSessionGone).not.toHaveBeenCalled();
  });

  it('reports an answer that is not an envelope as a network error', async () => {
    reply = { status: 502, text: '<html>Bad gateway</html>' };
    const { call, notify } = setup();
    const e = await failure(call(systemRoutes.health));
    expect(e.code).toBe(NETWORK_ERROR);
    expect(notify).toHaveBeenCalledWith('Network error');
  });

  it('gives up after the timeout', async () => {
    reply = { status: 200, json: { code: 100, msg: '', data: {} }, delayMs: 500 };
    const { call, notify } = setup({ timeoutMs: 50 });
    const e = await failure(call(systemRoutes.health));
    expect(e.code).toBe(NETWORK_ERROR);
    expect(notify).toHaveBeenCalledWith('Network error');
  });

  it('reports a refused connection as a network error', async () => {
    const fetchFails = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('fetch failed'));
    const { call, notify } = setup({ fetch: fetchFails });
    const e = await failure(call(systemRoutes.health));
    expect(e.code).toBe(NETWORK_ERROR);
    expect(notify).toHaveBeenCalledWith('Network error');
    expect(fetchFails.mock.calls[0]![1]).toMatchObject({ credentials: 'include' });
  });
});

describe('apiBaseUrl', () => {
  it('uses the same origin normally', () => {
    expect(apiBaseUrl({ protocol: 'https:', host: 'app.example.com' }, false)).toBe('/api');
  });

  it('uses the appapi host when the session asks for host checking', () => {
    expect(apiBaseUrl({ protocol: 'https:', host: 'app.example.com' }, true)).toBe('https://appapi.example.com/api');
  });

  it('stays on the same origin when the host has no "app" to replace', () => {
    expect(apiBaseUrl({ protocol: 'http:', host: 'localhost:8080' }, true)).toBe('/api');
  });
});
