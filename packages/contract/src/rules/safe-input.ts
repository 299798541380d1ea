/**
 * Values no field of the API accepts, whatever its own rule says: a NUL character (PostgreSQL
 * text cannot hold it), a lone UTF-16 surrogate (it cannot be encoded, so it would be stored as
 * U+FFFD and two different inputs would become one value), and nesting deeper than any request
 * of ours needs. The server checks every parsed body and query against this before the route's
 * schema runs, so no route can forget it.
 */
export const MAX_INPUT_DEPTH = 32;

/** PostgreSQL `integer`; the contract bounds every integer that lands in such a column. */
export const INT4_MAX = 2_147_483_647;

export interface UnsafeInput {
  /** Where the value is, as a zod issue's path (joined with dots in `data.fields`). */
  path: string[];
  /** Message key of the catalogue. */
  key: string;
}

/** True when a string holds a NUL or a surrogate half without its partner. Linear. */
export function hasUnsafeText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
      else return true;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return true;
    }
  }
  return false;
}

/**
 * Every unsafe string (values and object keys) and every too-deep node of a parsed JSON body or
 * query, up to `limit` of them. Walks with its own stack, so a hostile depth cannot overflow ours.
 */
export function findUnsafeInput(value: unknown, limit = 20): UnsafeInput[] {
  const found: UnsafeInput[] = [];
  const check = (v: unknown, path: string[]) => {
    if (typeof v === 'string') {
      if (hasUnsafeText(v)) found.push({ path, key: 'errors.common.badCharacters' });
    } else if (v !== null && typeof v === 'object') {
      if (path.length >= MAX_INPUT_DEPTH) found.push({ path, key: 'errors.common.tooDeep' });
      else stack.push({ v, path });
    }
  };
  const stack: { v: object; path: string[] }[] = [];
  check(value, []);
  while (stack.length > 0 && found.length < limit) {
    const { v, path } = stack.pop()!;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length && found.length < limit; i++) check(v[i], [...path, String(i)]);
      continue;
    }
    for (const k in v) {
      if (found.length >= limit) break;
      if (!Object.hasOwn(v, k)) continue;
      if (hasUnsafeText(k)) found.push({ path: [...path, safeLabel(k)], key: 'errors.common.badCharacters' });
      else check((v as Record<string, unknown>)[k], [...path, k]);
    }
  }
  return found.slice(0, limit);
}

// A bad key cannot be echoed as it is (it would not encode either); show where it was instead.
// eslint-disable-next-line no-control-regex -- the NUL byte is the character being replaced
const safeLabel = (k: string) => k.replace(/[\u0000\ud800-\udfff]/g, '?');
