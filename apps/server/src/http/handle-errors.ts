import { ResultCode, translateError } from '@storecast/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from './app-error.ts';
import { requestLocale } from './locale.ts';

/** Turns every failure into the `{code, msg, data}` envelope with a truthful HTTP status. */
export function handleErrors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, req, reply) => {
    const locale = requestLocale(req);
    if (err instanceof AppError) {
      return reply.status(err.status).send({ code: err.code, msg: translateError(locale, err.key, err.params), data: err.data });
    }
    if (err instanceof ZodError) {
      const fields: Record<string, string> = {};
      for (const issue of err.issues) {
        const field = issue.path.join('.') || '_';
        fields[field] ??= translateError(locale, issue.message.startsWith('errors.') ? issue.message : 'errors.common.invalid');
      }
      return reply.status(400).send({ code: ResultCode.INVALID, msg: Object.values(fields)[0], data: { fields } });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ code: ResultCode.TOO_MANY, msg: translateError(locale, 'errors.common.tooMany'), data: null });
    }
    if (status < 500) {
      // Malformed JSON, an oversize body and the like: fastify's own client errors.
      return reply.status(status).send({ code: ResultCode.INVALID, msg: translateError(locale, 'errors.common.invalid'), data: null });
    }
    req.log.error(err);
    return reply.status(500).send({ code: ResultCode.INTERNAL, msg: translateError(locale, 'errors.common.internal'), data: null });
  });

}
