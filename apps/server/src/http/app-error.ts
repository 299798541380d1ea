import { ResultCode } from '@storecast/contract';

/**
 * A refusal the user should read. `key` is a message key of the contract's `errors` catalogue,
 * translated into the caller's language when the response is written.
 */
export class AppError extends Error {
  constructor(
    readonly key: string,
    readonly status = 400,
    readonly code: number = ResultCode.FAILED,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

/**
 * A refusal of one input field. It answers like a refusal of the route's schema: code 103 and
 * `data.fields` naming the field with its message, so every client marks the field the same way.
 */
export class FieldError extends AppError {
  constructor(readonly field: string, key: string, params: Record<string, string | number> = {}) {
    super(key, 400, ResultCode.INVALID, params);
  }
}

export const sessionGone = () => new AppError('errors.login.verifyFailed', 401, ResultCode.SESSION_GONE);
export const notFound = (key = 'errors.common.notFound') => new AppError(key, 404, ResultCode.NOT_FOUND);
export const forbidden = (key: string) => new AppError(key, 403, ResultCode.FORBIDDEN);
/** Every 429 says when to come back: `data.retry_after_ms`, and the Retry-After header (handle-errors). */
export const tooMany = (retryAfterMs: number, key = 'errors.common.tooMany', params: Record<string, string | number> = {}) =>
  new AppError(key, 429, ResultCode.TOO_MANY, params, { retry_after_ms: Math.max(0, Math.ceil(retryAfterMs)) });
