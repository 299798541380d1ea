import { type Locale, pickLocale } from '@storecast/contract';
import type { FastifyRequest } from 'fastify';

/** The caller's language: the admin sends its choice as Accept-Language. */
export function requestLocale(req: FastifyRequest): Locale {
  return pickLocale(req.headers['accept-language']);
}
