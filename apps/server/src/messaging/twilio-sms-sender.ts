import type { SmsSender } from './sms-sender.ts';
import { SmsSendError } from './sms-sender.ts';

export interface TwilioSettings {
  /** Base URL of a Twilio-compatible API, e.g. `https://api.twilio.com`. */
  url: string;
  accountSid: string;
  authToken: string;
  /** A sending number or alphanumeric id, or a Messaging Service (`MG…`). */
  from: string;
  timeoutMs: number;
}

// Error codes that mean this recipient can never be reached this way; other 4xx are refusals
// of the request itself, also not worth repeating.
const OPTED_OUT = new Set([21610]);

/**
 * Twilio's Messages API: `POST /2010-04-01/Accounts/{sid}/Messages.json`, HTTP Basic auth, a
 * form body. A 2xx answer carries the message `sid`, which status callbacks name later. A 4xx
 * (bad number 21211, opted-out recipient 21610, bad credentials) is permanent except 429; 5xx,
 * 429 and a time-out are temporary, so the delivery engine retries them with backoff.
 */
export function twilioSmsSender(settings: TwilioSettings, defaultCallback: string): SmsSender {
  const endpoint = `${settings.url.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const fromField = /^MG[0-9a-f]{32}$/i.test(settings.from) ? 'MessagingServiceSid' : 'From';
  return {
    name: 'twilio',
    async send({ to, text, statusCallback }) {
      const form = new URLSearchParams({ To: to, [fromField]: settings.from, Body: text, StatusCallback: statusCallback ?? defaultCallback });
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form,
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (err) {
        const timedOut = (err as Error).name === 'TimeoutError';
        throw new SmsSendError(timedOut ? `SMS provider timed out after ${settings.timeoutMs} ms` : `SMS provider unreachable: ${(err as Error).message}`, false);
      }
      const body = (await res.json().catch(() => null)) as { sid?: unknown; code?: unknown; message?: unknown } | null;
      if (res.ok) {
        if (typeof body?.sid !== 'string') throw new SmsSendError(`SMS provider answered ${res.status} without a message sid`, false);
        return { id: body.sid };
      }
      const code = typeof body?.code === 'number' ? body.code : undefined;
      const detail = typeof body?.message === 'string' ? body.message.slice(0, 300) : '';
      const message = `SMS provider ${res.status}${code ? ` ${code}` : ''}${detail ? `: ${detail}` : ''}`;
      const temporary = res.status === 429 || res.status >= 500 || res.status === 408;
      throw new SmsSendError(message, !temporary, code, code !== undefined && OPTED_OUT.has(code));
    },
  };
}
