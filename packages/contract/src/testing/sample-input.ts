/**
 * Builds plausible input for any route schema of the contract, for tests that must cover every
 * route without listing them: the fuzz test of the server and the contract's own rule tests.
 * Each field gets a value its rule accepts where a name says what it is (an e-mail, a phone, a
 * colour...), so that a test can change one field and know that this field is what it tests.
 */

interface Def { type: string; [k: string]: unknown }
export type InputPath = (string | number)[];

const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;

/**
 * A field of an input: its path in the sample, its schema (without wrappers) and its sample
 * value. Objects and arrays below the root are fields too, so a test can replace them whole.
 */
export interface InputLeaf { path: InputPath; schema: unknown; value: unknown }

export function sampleInput(schema: unknown): { value: unknown; leaves: InputLeaf[] } {
  const leaves: InputLeaf[] = [];
  const value = walk(schema, '', [], leaves);
  return { value, leaves };
}

function walk(schema: unknown, name: string, path: InputPath, leaves: InputLeaf[]): unknown {
  const d = defOf(schema);
  const leaf = (value: unknown) => {
    leaves.push({ path, schema, value });
    return value;
  };
  switch (d.type) {
    case 'optional':
      // An optional reference (`id`, `tag_id`) would name a row that does not exist: leave it out
      // of the sample, but still list it as a field to test.
      if (/(^|_)ids?$/.test(name)) {
        walk(d.innerType, name, path, leaves);
        return undefined;
      }
      return walk(d.innerType, name, path, leaves);
    case 'nullable':
      // A reference that may be null (`coupon_id`) is null in the sample, for the same reason.
      if (/(^|_)id$/.test(name)) {
        walk(d.innerType, name, path, leaves);
        return null;
      }
      return walk(d.innerType, name, path, leaves);
    case 'default': case 'prefault': case 'readonly': case 'catch': case 'nonoptional':
      return walk(d.innerType, name, path, leaves);
    case 'pipe': return walk(d.in, name, path, leaves);
    case 'lazy': return walk((d.getter as () => unknown)(), name, path, leaves);
    case 'union': return walk((d.options as unknown[])[0], name, path, leaves);
    case 'object': {
      const out: Record<string, unknown> = {};
      if (path.length) leaf(out);
      for (const [k, v] of Object.entries(d.shape as object)) {
        const value = walk(v, k, [...path, k], leaves);
        if (value !== undefined) out[k] = value;
      }
      return out;
    }
    case 'array': {
      // One element per option of a union (every block type of an e-mail, say).
      const el = defOf(d.element);
      const options = el.type === 'union' ? (el.options as unknown[]) : [d.element];
      const out: unknown[] = [];
      if (path.length) leaf(out);
      for (const [i, o] of options.entries()) out.push(walk(o, name, [...path, i], leaves));
      // As many as the rule asks for (Element Send's six products), each string its own.
      while (out.length < minLengthOf(d)) {
        const v = walk(d.element, name, [...path, out.length], leaves);
        out.push(typeof v === 'string' ? `${v}-${out.length}` : v);
      }
      return out;
    }
    case 'record': {
      const out: Record<string, unknown> = {};
      if (path.length) leaf(out);
      out.k = walk(d.valueType, 'k', [...path, 'k'], leaves);
      return out;
    }
    case 'string': return leaf(sampleString(d, name));
    case 'number': return leaf(Math.max(1, minimumOf(d)));
    case 'boolean': return leaf(true);
    case 'literal': return leaf((d.values as unknown[])[0]);
    case 'enum': return leaf(Object.values(d.entries as object)[0]);
    case 'null': return leaf(null);
    default: return leaf('x');
  }
}

function minLengthOf(d: Def): number {
  let min = 0;
  for (const c of (d.checks as { _zod: { def: { check: string; minimum?: number; length?: number } } }[] | undefined) ?? []) {
    const cd = c._zod.def;
    if (cd.check === 'min_length') min = Math.max(min, cd.minimum ?? 0);
    if (cd.check === 'length_equals') min = Math.max(min, cd.length ?? 0);
  }
  return min;
}

function minimumOf(d: Def): number {
  let min = -Infinity;
  for (const c of (d.checks as { _zod: { def: { check: string; value: number; inclusive: boolean } } }[] | undefined) ?? []) {
    const cd = c._zod.def;
    if (cd.check === 'greater_than') min = Math.max(min, cd.inclusive ? cd.value : cd.value + 1);
  }
  return min;
}

/** The source of a string's regex rule, if it has one (a colour's `^#[0-9a-fA-F]{6}$`). */
function patternOf(d: Def): string | undefined {
  for (const c of (d.checks as { _zod: { def: { check: string; pattern?: RegExp } } }[] | undefined) ?? []) {
    if (c._zod.def.check === 'string_format' && c._zod.def.pattern) return c._zod.def.pattern.source;
  }
  return undefined;
}

function sampleString(d: Def, name: string): string {
  const format = d.format as string | undefined;
  if (format === 'url') return 'https://sample.example.com/a.png';
  // An end comes a day after its start, so a range of two sample times is not refused as backwards.
  if (format === 'datetime') return /(^|_)(end|until)(_|$)/.test(name) ? '2024-01-16T00:00:00Z' : '2024-01-15T00:00:00Z';
  if (format === 'email' || /email|account/.test(name)) return 'sample@example.com';
  if (/mobile|phone/.test(name)) return '13800138000';
  if (/password/.test(name)) return 'abcd1234';
  if (name === 'verify_code') return '123456';
  if (name === 'homepage_url') return 'https://sample.example.com';
  if (name === 'timezone') return 'UTC';
  // Calendar days and months (plans, order export ranges): one valid day, so a range is one day long.
  if (/(^|_)(on|from|to|day)$/.test(name)) return '2026-03-02';
  if (name === 'month') return '2026-03';
  if (name === 'currency') return 'USD';
  if (name === 'offer_id') return 'pack-5k';
  // A Shopify store's own domain and the sales-channel tokens saved for it (channel-shop).
  if (name === 'shop_domain') return 'sample.myshopify.com';
  if (name === 'admin_token') return `shpat_${'0'.repeat(32)}`;
  if (name === 'storefront_token') return '0'.repeat(32);
  if (/_color$/.test(name) || patternOf(d)?.includes('[0-9a-fA-F]{6}')) return '#ffffff';
  if (/url|src|href|image/.test(name)) return 'https://sample.example.com/a.png';
  return 'sample';
}

/** A copy of `base` with the value at `path` replaced (left alone where the path no longer leads). */
export function withValue(base: unknown, path: InputPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const p of path.slice(0, -1)) {
    node = node[p] as Record<string | number, unknown>;
    if (node === null || typeof node !== 'object') return copy;
  }
  node[path[path.length - 1]!] = value;
  return copy;
}
