/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` (and the query string of GETs)
 * with bracket keys: `metadata[shop_id]=x`, `expand[0]=a` (stripe-node) or `expand[]=a`
 * (browsers), `payment_method_data[card][number]=…`. Decoded into nested objects; objects whose
 * keys are all indices become arrays.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export function parseForm(raw: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!m) continue;
    const path = [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((p) => p[1]!)];
    let node: Record<string, FormValue> = root;
    path.forEach((seg, i) => {
      const k = seg === '' ? String(Object.keys(node).length) : seg;
      if (i === path.length - 1) {
        node[k] = value;
        return;
      }
      const next = node[k];
      if (typeof next !== 'object' || Array.isArray(next)) node[k] = {};
      node = node[k] as Record<string, FormValue>;
    });
  }
  return toArrays(root) as FormObject;
}

function toArrays(v: FormValue): FormValue {
  if (typeof v === 'string' || Array.isArray(v)) return v;
  const keys = Object.keys(v);
  const entries = keys.map((k) => [k, toArrays(v[k]!)] as const);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map((e) => e[1]);
  }
  return Object.fromEntries(entries);
}

/** Params of one request, read the way Stripe reads them (strings; `true`/`false` for booleans). */
export class Params {
  constructor(readonly form: FormObject) {}

  keys(): string[] {
    return Object.keys(this.form);
  }
  str(name: string): string | undefined {
    const v = this.form[name];
    return typeof v === 'string' ? v : undefined;
  }
  obj(name: string): FormObject | undefined {
    const v = this.form[name];
    return v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
  }
  list(name: string): string[] {
    const v = this.form[name];
    if (typeof v === 'string') return [v];
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  }
  bool(name: string): boolean | undefined {
    const v = this.str(name);
    return v === undefined ? undefined : v === 'true';
  }
}
