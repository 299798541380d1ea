import { GraphQLError } from 'graphql';

/** How a search field reads a record: a date (ISO string), a number or text. */
type FieldReader<T> = { kind: 'date' | 'number' | 'text' | 'list'; read: (record: T) => string | number | string[] | null };

/**
 * The part of Shopify's search syntax (the `query` argument) the fake understands: terms
 * `field:value`, `field:>value`, `>=`, `<`, `<=`, values quoted or not, joined by spaces or AND.
 * A term it does not know is an error rather than ignored, so a connector never trusts a filter
 * the fake silently dropped (Shopify would apply it).
 */
export function searchFilter<T>(query: string | null | undefined, fields: Record<string, FieldReader<T>>): ((record: T) => boolean) | null {
  if (!query || !query.trim()) return null;
  const tests: ((record: T) => boolean)[] = [];
  const terms = query.match(/(?:[^\s'"]+|'[^']*'|"[^"]*")+/g) ?? [];
  for (const term of terms) {
    if (term === 'AND') continue;
    const m = /^([a-z_]+):(>=|<=|>|<)?(.*)$/.exec(term);
    const field = m ? fields[m[1] as string] : undefined;
    if (!m || !field || term === 'OR' || term === 'NOT') {
      throw new GraphQLError(`The fake Shopify does not support the search term "${term}".`, { extensions: { code: 'BAD_REQUEST' } });
    }
    const op = m[2] ?? '=';
    const raw = (m[3] as string).replace(/^(['"])(.*)\1$/, '$2');
    const want = field.kind === 'date' ? Date.parse(raw) : field.kind === 'number' ? Number(raw) : raw.toLowerCase();
    if (typeof want === 'number' && Number.isNaN(want)) {
      throw new GraphQLError(`The fake Shopify cannot read "${raw}" in "${term}".`, { extensions: { code: 'BAD_REQUEST' } });
    }
    tests.push((record) => {
      const value = field.read(record);
      if (value === null) return false;
      if (Array.isArray(value)) return value.some((v) => v.toLowerCase() === want);
      const have = field.kind === 'date' ? Date.parse(String(value)) : field.kind === 'number' ? Number(value) : String(value).toLowerCase();
      switch (op) {
        case '>': return have > want;
        case '>=': return have >= want;
        case '<': return have < want;
        case '<=': return have <= want;
        default: return have === want;
      }
    });
  }
  return (record) => tests.every((t) => t(record));
}

export const date = <T>(read: (r: T) => string | null): FieldReader<T> => ({ kind: 'date', read });
export const num = <T>(read: (r: T) => number | null): FieldReader<T> => ({ kind: 'number', read });
export const text = <T>(read: (r: T) => string | null): FieldReader<T> => ({ kind: 'text', read });
export const list = <T>(read: (r: T) => string[]): FieldReader<T> => ({ kind: 'list', read });
