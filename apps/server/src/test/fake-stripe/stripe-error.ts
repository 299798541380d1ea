/**
 * Stripe's error answer: `{ error: { type, code, decline_code, message, param, … } }` with the
 * HTTP status the client maps to its error classes (402 StripeCardError, 400/404
 * StripeInvalidRequestError, 400 idempotency_error StripeIdempotencyError, 401
 * StripeAuthenticationError, 5xx StripeAPIError).
 */
export class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message ?? 'error'));
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

export const invalidRequest = (message: string, param?: string, code?: string) =>
  new FakeStripeError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code, doc_url: docUrl(code) } : {}),
  });

export const missingParam = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');

export const unknownParam = (param: string) =>
  invalidRequest(`Received unknown parameter: ${param}`, param, 'parameter_unknown');

export const resourceMissing = (id: string, param: string, what: string) =>
  new FakeStripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: docUrl('resource_missing'),
    message: `No such ${what}: '${id}'`,
    param,
  });

export const authError = (message: string) => new FakeStripeError(401, { type: 'invalid_request_error', message });

export const apiError = (status: number) =>
  new FakeStripeError(status, { type: 'api_error', message: 'An unknown error occurred (injected by the fake).' });

/** A card error (402); `extra` carries `payment_intent` / `setup_intent` / `payment_method`. */
export const cardError = (
  decline: { code: string; decline_code?: string; message: string; param?: string },
  extra: Record<string, unknown> = {},
) =>
  new FakeStripeError(402, {
    type: 'card_error',
    code: decline.code,
    ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
    ...(decline.param ? { param: decline.param } : {}),
    doc_url: docUrl(decline.code),
    message: decline.message,
    ...extra,
  });
