import { ResultCode, translateError } from '@storecast/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { requestLocale } from '../../http/locale.ts';
import { appSecret, readSmsToken, recordSmsStatus, restartSmsForPhone, stopSmsForPhone } from '../delivery/index.ts';
import { readStopKeyword } from './read-stop-keyword.ts';
import { validTwilioSignature } from './twilio-signature.ts';

// Twilio's webhook bodies are a few hundred bytes; anything near this is not one.
const BODY_LIMIT = 16 * 1024;
const MESSAGE_STATUSES = new Set(['accepted', 'scheduled', 'queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'canceled', 'read']);

/**
 * The SMS provider's webhooks, public and form-encoded (Twilio's protocol):
 *   POST /api/public/sms/status    MessageSid, MessageStatus, ErrorCode: the fate of a text we sent
 *                                  (the URL's `d` token names the delivery, else the MessageSid)
 *   POST /api/public/sms/inbound   From, To, Body: a reply; STOP / 退订 and START / UNSTOP act, the
 *                                  answer is empty TwiML so the provider sends nothing back itself
 * Each is signed (X-Twilio-Signature) with SMS_AUTH_TOKEN over PUBLIC_URL + the path and query
 * and the sorted parameters; an unsigned or badly signed request is refused with 403. Without a
 * token configured there is nothing to check against, so the routes answer 404.
 */
export function smsWebhookRoutes(app: FastifyInstance, deps: Deps) {
  void app.register(async (pub) => {
    // Only these routes read forms: parsed here, with a small limit, instead of a global plugin.
    pub.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    pub.post('/api/public/sms/status', async (req, reply) => {
      const params = await signedParams(deps, req, reply);
      if (!params) return reply;
      const sid = params.MessageSid ?? params.SmsSid ?? '';
      const status = (params.MessageStatus ?? params.SmsStatus ?? '').toLowerCase();
      if (!/^[A-Za-z0-9]{2,64}$/.test(sid) || !MESSAGE_STATUSES.has(status)) return refuse(req, reply, 400, ResultCode.INVALID, 'errors.common.invalid');
      const token = typeof (req.query as Record<string, unknown>).d === 'string' ? (req.query as Record<string, string>).d! : '';
      const named = token ? readSmsToken(await appSecret(deps.config, deps.dbh), 'status', token) : null;
      const errorCode = /^\d{1,8}$/.test(params.ErrorCode ?? '') ? params.ErrorCode! : null;
      await recordSmsStatus(deps.dbh, { deliveryId: named?.deliveryId ?? null, messageSid: sid, status, errorCode });
      // An unknown message is answered like a known one: the provider has nothing to do about it.
      return reply.status(204).send();
    });

    pub.post('/api/public/sms/inbound', async (req, reply) => {
      const params = await signedParams(deps, req, reply);
      if (!params) return reply;
      const from = params.From ?? '';
      const keyword = readStopKeyword(params.Body ?? '');
      if (keyword && /^\+?[0-9]{4,20}$/.test(from)) {
        if (keyword === 'stop') await stopSmsForPhone(deps.dbh, from);
        else await restartSmsForPhone(deps.dbh, from);
      }
      return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    });
  });
}

/** The form's fields when the request is Twilio's, else null with the refusal already sent. */
async function signedParams(deps: Deps, req: FastifyRequest, reply: FastifyReply): Promise<Record<string, string> | null> {
  const token = deps.config.sms.authToken;
  if (!token) {
    refuse(req, reply, 404, ResultCode.NOT_FOUND, 'errors.common.notFound');
    return null;
  }
  const body = req.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    refuse(req, reply, 400, ResultCode.INVALID, 'errors.common.invalid');
    return null;
  }
  const params = body as Record<string, string>;
  const signature = req.headers['x-twilio-signature'];
  if (!validTwilioSignature(token, deps.config.publicUrl + req.url, params, typeof signature === 'string' ? signature : undefined)) {
    refuse(req, reply, 403, ResultCode.FORBIDDEN, 'errors.automation.smsSignatureInvalid');
    return null;
  }
  return params;
}

function refuse(req: FastifyRequest, reply: FastifyReply, status: number, code: number, key: string) {
  void reply.status(status).send({ code, msg: translateError(requestLocale(req), key), data: null });
  return reply;
}
