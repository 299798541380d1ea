import { findUnsafeInput } from '@storecast/contract';
import { ZodError } from 'zod';

/**
 * Refuses a parsed body or query holding a value no field accepts (see the contract's
 * `findUnsafeInput`) as a validation failure: code 103 with a message per field, like a schema's.
 * It runs on the parsed values: JSON's "\ud800" escape only becomes a lone surrogate there.
 */
export function refuseUnsafeInput(value: unknown): void {
  const found = findUnsafeInput(value);
  if (found.length === 0) return;
  throw new ZodError(found.map((f) => ({ code: 'custom' as const, path: f.path, message: f.key, input: undefined })));
}
