import { ResultCode } from '@storecast/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * A route whose contract has a body reads one JSON object. A body of another type (a form, a
 * multipart upload, plain text, except on storefront routes, whose script sends its JSON as
 * text/plain) or JSON that is not an object (an array, a string, a number, null) is refused with
 * one message before the store key, the session or the schema look at it: they would otherwise
 * answer about a field the body never had ("the store's public key is not valid").
 */
export function refuseUnacceptedBody(req: FastifyRequest, textPlainJson: boolean) {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (req.body === undefined && type === '') return;
  if (type !== 'application/json' && !(textPlainJson && type === 'text/plain')) throw notAccepted(415);
  const body: unknown = req.body;
  // An empty text/plain body is no body, as an empty request is.
  if (body === undefined) return;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw notAccepted(400);
}

const notAccepted = (status: number) => new AppError('errors.common.bodyNotAccepted', status, ResultCode.INVALID);
