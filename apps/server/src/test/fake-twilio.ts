import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { twilioSignature } from '../modules/sms/twilio-signature.ts';

/** One message the fake accepted, as Twilio stores it. */
export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
}

/** How the fake answers one request to a number (default: accepted). */
export type FakeTwilioAnswer =
  | 'ok'
  /** 400 with code 21211: not a valid phone number. */
  | 'invalid'
  /** 400 with code 21610: the recipient replied STOP to this sender. */
  | 'unsubscribed'
  /** 429 with Retry-After. */
  | 'rate-limited'
  | 'server-error'
  /** Answers only after `slowMs`, past the client's time-out. */
  | 'slow';

const ERRORS = {
  invalid: { status: 400, code: 21211, message: "The 'To' number is not a valid phone number." },
  unsubscribed: { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' },
  'rate-limited': { status: 429, code: 20429, message: 'Too Many Requests' },
  'server-error': { status: 500, code: 20500, message: 'Internal Server Error' },
  auth: { status: 401, code: 20003, message: 'Authenticate' },
} as const;

/**
 * A stand-in for Twilio's Messages API on loopback, speaking its protocol: `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json` with HTTP Basic auth and a form body (To,
 * From or MessagingServiceSid, Body, StatusCallback); 201 with the Message resource (`sid`
 * SM…, `status` queued) or Twilio's error object (`code`, `message`, `more_info`, `status`).
 * `answers(to, attempt)` scripts each number's answers. `statusCallback` builds the signed
 * status callback Twilio would post for a message, for the test to deliver to the app.
 */
export async function startFakeTwilio(opts: {
  accountSid: string;
  authToken: string;
  answer?: (to: string, attempt: number) => FakeTwilioAnswer;
  slowMs?: number;
}) {
  const messages: FakeTwilioMessage[] = [];
  const attempts = new Map<string, number>();
  const requests: { path: string; authorized: boolean }[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      const authorized = req.headers.authorization === expectedAuth;
      requests.push({ path, authorized });
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
        res.end(JSON.stringify(body));
      };
      const fail = (kind: keyof typeof ERRORS, headers: Record<string, string> = {}) => {
        const e = ERRORS[kind];
        json(e.status, { code: e.code, message: e.message, more_info: `https://www.twilio.com/docs/errors/${e.code}`, status: e.status }, headers);
      };
      const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
      if (req.method !== 'POST' || !m) return json(404, { code: 20404, message: 'The requested resource was not found', more_info: 'https://www.twilio.com/docs/errors/20404', status: 404 });
      if (!authorized || decodeURIComponent(m[1]!) !== opts.accountSid) return fail('auth', { 'www-authenticate': 'Basic realm="Twilio API"' });
      const form = new URLSearchParams(raw);
      const to = form.get('To') ?? '';
      const body = form.get('Body') ?? '';
      if (!to || !body || (!form.get('From') && !form.get('MessagingServiceSid'))) {
        return json(400, { code: 21604, message: "A 'To' phone number is required.", more_info: 'https://www.twilio.com/docs/errors/21604', status: 400 });
      }
      const attempt = (attempts.get(to) ?? 0) + 1;
      attempts.set(to, attempt);
      const answer = opts.answer?.(to, attempt) ?? 'ok';
      if (answer === 'invalid' || answer === 'unsubscribed' || answer === 'server-error') return fail(answer);
      if (answer === 'rate-limited') return fail('rate-limited', { 'retry-after': '1' });
      const accept = () => {
        const sid = `SM${randomBytes(16).toString('hex')}`;
        const message: FakeTwilioMessage = {
          sid, to, from: form.get('From'), messagingServiceSid: form.get('MessagingServiceSid'), body, statusCallback: form.get('StatusCallback'),
        };
        messages.push(message);
        const now = new Date().toUTCString().replace('GMT', '+0000');
        json(201, {
          sid, account_sid: opts.accountSid, to, from: message.from, messaging_service_sid: message.messagingServiceSid, body,
          status: 'queued', num_segments: '1', num_media: '0', direction: 'outbound-api', api_version: '2010-04-01',
          date_created: now, date_updated: now, date_sent: null, price: null, price_unit: 'USD', error_code: null, error_message: null,
          uri: `/2010-04-01/Accounts/${opts.accountSid}/Messages/${sid}.json`,
        });
      };
      if (answer === 'slow') {
        // Twilio would still take it after the client gave up; this one does not, so the retry is what counts.
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.writableEnded && !res.destroyed) json(503, { code: 20503, message: 'Service Unavailable', more_info: '', status: 503 });
        }, opts.slowMs ?? 5_000);
        timers.add(timer);
        return;
      }
      accept();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    requests,
    /** The request Twilio would post to a message's StatusCallback, signed with the auth token. */
    statusCallback(sid: string, status: string, errorCode?: string, authToken = opts.authToken) {
      const m = messages.find((x) => x.sid === sid);
      if (!m?.statusCallback) throw new Error(`no status callback for ${sid}`);
      const params: Record<string, string> = {
        MessageSid: sid, SmsSid: sid, MessageStatus: status, SmsStatus: status, AccountSid: opts.accountSid,
        To: m.to, From: m.from ?? '', ApiVersion: '2010-04-01', ...(errorCode ? { ErrorCode: errorCode } : {}),
      };
      return { url: m.statusCallback, params, signature: twilioSignature(authToken, m.statusCallback, params) };
    },
    /** An inbound message to `url`, as Twilio posts it to the number's webhook, signed. */
    inbound(url: string, from: string, body: string, authToken = opts.authToken) {
      const params: Record<string, string> = {
        MessageSid: `SM${randomBytes(16).toString('hex')}`, AccountSid: opts.accountSid, From: from, To: '+15005550006', Body: body,
        NumMedia: '0', NumSegments: '1', ApiVersion: '2010-04-01',
      };
      return { url, params, signature: twilioSignature(authToken, url, params) };
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
