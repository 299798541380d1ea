import { API_PREFIX, LIVE_STREAM_PATH } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { accessResolvers, bearerToken, resolveCaller } from '../../http/route-access.ts';
import { LIVE_HUB_DEFAULTS, LiveHub, type LiveHubOptions } from './live-hub.ts';
import { openStreamsOf } from './open-streams.ts';

const HEARTBEAT_MS = 15_000;
/** How long a browser waits before it reconnects after a drop (the SSE `retry:` field). */
export const RETRY_MS = 3000;

/**
 * GET /api/liveview/stream: Server-Sent Events, outside the contract like the downloads. The
 * admin reads it with fetch and a ReadableStream rather than EventSource, because fetch sends
 * the session's Authorization header: no token in a URL (access logs, history) and no second
 * credential (a ticket) to sign, keep and expire. The session is checked as any `shop` route
 * checks it, before anything is streamed (401, 403 or 429 as envelopes), and again with every
 * heartbeat, so a stream ends with its session or when the session moves to another store.
 * Where access ends on purpose (sign-out, password change, revoke, transfer) the stream is closed
 * at once (open-streams.ts), and the store's feed checks the sessions before every push.
 */
export function liveStreamRoute(app: FastifyInstance, deps: Deps, opts: Partial<LiveHubOptions> = {}) {
  const hub = new LiveHub(deps.dbh, { ...LIVE_HUB_DEFAULTS, ...opts }, (e) => app.log.warn({ err: e }, 'live view read failed'));
  const closers = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const c of [...closers]) c();
    hub.stopAll();
  });

  app.get(`${API_PREFIX}${LIVE_STREAM_PATH}`, async (req, reply) => {
    const token = bearerToken(req, false);
    const caller = await resolveCaller(accessResolvers(app), 'shop', token);
    const scope = caller.scope!;
    const session = caller.session!;
    const place = hub.reserve(scope.shopId);
    reply.hijack();
    const res = reply.raw;
    const headers = reply.getHeaders();
    res.writeHead(200, {
      ...Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // The security headers are added when a reply is sent; a hijacked stream sets its own.
      'x-content-type-options': 'nosniff',
      // Proxies such as nginx would otherwise hold the stream back in their buffer.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.write(`retry: ${RETRY_MS}\n\n`);
    const send = (event: string, data: unknown) => {
      if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    let heartbeat: NodeJS.Timeout | null = null;
    const close = () => {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      closers.delete(close);
      forget();
      place.close();
      if (!res.writableEnded) res.end();
    };
    closers.add(close);
    const forget = openStreamsOf(deps.dbh).add({ userId: session.user.id, sessionId: session.sessionId, shopId: scope.shopId }, close);
    req.raw.on('close', close);
    res.on('error', close);
    heartbeat = setInterval(() => {
      res.write(': ping\n\n');
      void accessResolvers(app).session(token).then(
        (s) => { if (!s || s.shopId !== scope.shopId || !s.role) close(); },
        () => {},
      );
    }, HEARTBEAT_MS);
    let started = false;
    await place.join({
      sessionId: session.sessionId,
      snapshot: (s) => { started = true; send('snapshot', s); },
      items: (items) => send('items', items),
      end: close,
    });
    // The first counts could not be read: end, and the browser comes back after `retry`.
    if (!started) close();
  });
  return hub;
}
