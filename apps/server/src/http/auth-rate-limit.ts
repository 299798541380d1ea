import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Deps } from '../deps.ts';
import { tooMany } from './app-error.ts';

/**
 * Budgets on one sign-in style action. They count apart on purpose: a key made of address and
 * account together let one address try a new account on every request without ever running out,
 * and a key of the address alone would let guesses at one account spread over many addresses.
 * - `client`: per client address, the larger budget (an office behind one address signs in too);
 * - `subject`: per account, phone or user whatever the address.
 */
export interface AuthLimiter {
  client(req: FastifyRequest): Promise<void>;
  subject(req: FastifyRequest, subject: string): Promise<void>;
}

export function createAuthLimiter(app: FastifyInstance, deps: Deps, action: string): AuthLimiter {
  const { max, clientMax, windowMs } = deps.config.authRateLimit;
  // The plugin's limiter takes its key from the request alone; the subject rides along here.
  const subjects = new WeakMap<FastifyRequest, string>();
  const perClient = app.createRateLimit({ max: clientMax, timeWindow: windowMs, keyGenerator: (req) => `${action}|client|${req.ip}` });
  const perSubject = app.createRateLimit({
    max, timeWindow: windowMs, keyGenerator: (req) => `${action}|subject|${subjects.get(req) ?? ''}`,
  });
  const refuseWhenOver = (r: Awaited<ReturnType<typeof perClient>>) => {
    if (!r.isAllowed && r.isExceeded) {
      throw tooMany(r.ttl);
    }
  };
  return {
    client: async (req) => refuseWhenOver(await perClient(req)),
    subject: async (req, subject) => {
      if (!subject) return;
      subjects.set(req, subject);
      refuseWhenOver(await perSubject(req));
    },
  };
}

/**
 * The route-level check: the client's budget first (a refused request does not spend the
 * account's), then the budget of the first of `keyFields` present in the body.
 */
export function authRateLimitHook(
  app: FastifyInstance, deps: Deps, action: string, keyFields: string[],
): preHandlerAsyncHookHandler {
  const limiter = createAuthLimiter(app, deps, action);
  return async (req) => {
    await limiter.client(req);
    await limiter.subject(req, rateLimitSubject(req.body, keyFields));
  };
}

/**
 * The account or phone a rate-limited request is about, normalised the way the contract
 * normalises it (case, spaces, dashes), so "A@x.com " or "138 0013-8000" do not open a new window.
 */
export function rateLimitSubject(body: unknown, fields: string[]): string {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  for (const f of fields) {
    const v = b[f];
    if (typeof v === 'string' && v.trim()) return `${f}:${v.toLowerCase().replace(/[\s-]/g, '')}`;
  }
  return '';
}
