import { translateError } from '@storecast/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale } from './locale.ts';

type Answer = (status: number, code: number, key: string) => FastifyReply;

/**
 * A POST route outside the contract for a third party's signed webhook: public, signed instead
 * of signed-in. Its body arrives as the raw bytes, since the signature covers them exactly as
 * sent; the handler checks the signature before anything parses them. Its answers are the
 * envelope, the message in the caller's language (`key` empty: "ok").
 */
export function signedWebhookRoute<Params>(
  app: FastifyInstance, path: string, bodyLimit: number,
  handle: (req: FastifyRequest<{ Params: Params }>, raw: Buffer, answer: Answer) => Promise<FastifyReply>,
) {
  void app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_req, body, done) => done(null, body));
    hook.post<{ Params: Params }>(path, { bodyLimit }, async (req, reply) => {
      const answer: Answer = (status, code, key) =>
        reply.status(status).send({ code, msg: key ? translateError(requestLocale(req), key) : 'ok', data: null });
      return handle(req, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), answer);
    });
  });
}
