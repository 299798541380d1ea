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

export const sessionGone = () => new AppError('errors.login.verifyFailed', 401, ResultCode.SESSION_GONE);
export const notFound = (key = 'errors.common.notFound') => new AppError(key, 404, ResultCode.NOT_FOUND);
export const forbidden = (key: string) => new AppError(key, 403, ResultCode.FORBIDDEN);
export const tooMany = (key = 'errors.common.tooMany', params: Record<string, string | number> = {}) =>
  new AppError(key, 429, ResultCode.TOO_MANY, params);
