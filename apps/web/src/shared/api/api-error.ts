/** A failed call: `code` is the envelope code (or NETWORK_ERROR), `msg` is already localised. */
export const NETWORK_ERROR = -1;

export class ApiError extends Error {
  readonly code: number;
  /** Field path -> localised message, from a code 103 (validation) answer. */
  readonly fields: Record<string, string>;

  constructor(code: number, msg: string, fields: Record<string, string> = {}) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
