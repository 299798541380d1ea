import { ResultCode, translateError, translateIssue } from '@storecast/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError, FieldError } from './app-error.ts';
import { requestLocale } from './locale.ts';

/** Turns every failure into the `{code, msg, data}` envelope with a truthful HTTP status. */
export function handleErrors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, req, reply) => {
    const locale = requestLocale(req);
    if (err instanceof AppError) {
      const msg = translateError(locale, err.key, err.params);
      if (err.status === 429) sendRetryAfter(reply, err.data);
      return reply.status(err.status).send({ code: err.code, msg, data: err instanceof FieldError ? { fields: { [err.field]: msg } } : err.data });
    }
    if (err instanceof ZodError) {
      const fields: Record<string, string> = {};
      for (const issue of err.issues) {
        const field = issue.path.join('.') || '_';
        fields[field] ??= translateIssue(locale, issue);
      }
      return reply.status(400).send({ code: ResultCode.INVALID, msg: Object.values(fields)[0], data: { fields } });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 429) {
      const data = { retry_after_ms: retryAfterMs((err as { data?: unknown }).data) ?? 1000 };
      sendRetryAfter(reply, data);
      return reply.status(429).send({ code: ResultCode.TOO_MANY, msg: translateError(locale, 'errors.common.tooMany'), data });
    }
    if (status < 500) return sendClientError(status, req, reply);
    req.log.error(err);
    return reply.status(500).send({ code: ResultCode.INTERNAL, msg: translateError(locale, 'errors.common.internal'), data: null });
  });

}

const retryAfterMs = (data: unknown): number | undefined => {
  const ms = data && typeof data === 'object' ? (data as { retry_after_ms?: unknown }).retry_after_ms : undefined;
  return typeof ms === 'number' && Number.isFinite(ms) ? ms : undefined;
};

/** The Retry-After header (whole seconds, rounded up) beside `data.retry_after_ms`, for clients that read only headers. */
function sendRetryAfter(reply: FastifyReply, data: unknown) {
  reply.header('retry-after', String(Math.max(1, Math.ceil((retryAfterMs(data) ?? 1000) / 1000))));
}

/**
 * Fastify's own client errors (malformed JSON, an oversize body, a body of a type no route
 * reads, a too long URL) in the envelope.
 */
function sendClientError(status: number, req: FastifyRequest, reply: FastifyReply) {
  const key = status === 413 ? 'errors.common.bodyTooLarge' : status === 414 ? 'errors.common.uriTooLong'
    : status === 415 ? 'errors.common.bodyNotAccepted' : 'errors.common.invalid';
  return reply.status(status).send({ code: ResultCode.INVALID, msg: translateError(requestLocale(req), key), data: null });
}

/**
 * Errors fastify meets before a route is found (a path parameter over `maxParamLength` is 414, a
 * broken percent-encoding 400): given to the `frameworkErrors` option so they answer the envelope.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
  return sendClientError(status, req, reply);
}
