/**
 * Every API response is `{ code, msg, data }`. `code` 100 is success; anything else is an
 * error whose `msg` is already in the caller's language. HTTP statuses stay truthful too.
 */
export const ResultCode = {
  OK: 100,
  /** A business rule refused the request (HTTP 4xx). */
  FAILED: 101,
  /** The session is missing, expired or revoked: the client goes to /login. */
  SESSION_GONE: 102,
  /** The input did not pass the contract; `data.fields` maps each field to its message. */
  INVALID: 103,
  NOT_FOUND: 104,
  FORBIDDEN: 105,
  TOO_MANY: 106,
  INTERNAL: 500,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
