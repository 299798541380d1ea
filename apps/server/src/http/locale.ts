import { type Locale, pickLocale } from '@storecast/contract';
import type { FastifyRequest } from 'fastify';

const chosen = new WeakMap<FastifyRequest, Locale>();

/** The caller's language: the admin sends its choice as Accept-Language. */
export function requestLocale(req: FastifyRequest): Locale {
  return chosen.get(req) ?? pickLocale(req.headers['accept-language']);
}

/**
 * A language the request names in its body (the storefront script sends the shopper's), used for
 * its answer, the error envelope included, instead of the browser's Accept-Language.
 */
export function chooseLocale(req: FastifyRequest, locale: Locale) {
  chosen.set(req, locale);
}
