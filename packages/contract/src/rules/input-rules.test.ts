import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../index.ts';
import { api, issueMessageKey, LOCALES, type RouteDef, tagNameSchema, translateError, translateIssue } from '../index.ts';
import { type InputLeaf, sampleInput, withValue } from '../testing/sample-input.ts';
import { isEmailAddress } from './account.ts';
import { findUnsafeInput, hasUnsafeText, MAX_INPUT_DEPTH } from './safe-input.ts';

/**
 * The contract's input rules as a whole: every string of every route is length-guarded and
 * linear, every message a user can meet is a catalogue key, and the values no field accepts are
 * found wherever they hide. Routes are enumerated from `api`, so a new route is covered.
 */

const routes = Object.values(api).flatMap((group) => Object.values(group)) as RouteDef[];
const inputs = routes.flatMap((r) =>
  [['body', r.body], ['query', r.query]].filter(([, s]) => s).map(([part, s]) => ({ name: `${r.method} ${r.path} ${part as string}`, schema: s as z.ZodType })));
/** Every zod schema the contract exports on its own (the field rules forms use directly). */
const ruleSchemas = Object.entries(contract).filter(([, v]) => v instanceof z.ZodType) as [string, z.ZodType][];

const kindOf = (leaf: InputLeaf) => (leaf.schema as { _zod: { def: { type: string } } })._zod.def.type;
const stringLeaves = (schema: unknown) => sampleInput(schema).leaves.filter((l) => kindOf(l) === 'string');

/** Strings that made one of our patterns (or one we might write) backtrack. */
const MB = 1024 * 1024;
const HOSTILE_STRINGS = [
  `a@${'.'.repeat(MB)} x`,
  '{{a|'.repeat(MB / 4),
  `https://${'a.'.repeat(MB / 2)}!`,
  `${' '.repeat(MB)}x`,
  `#${'0'.repeat(MB)}`,
  `2024-01-01T${'0'.repeat(MB)}`,
];

function timed(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

describe('every string rule is linear on hostile input', () => {
  // Linear work on 1 MB takes a few milliseconds; the quadratic e-mail rule took hours. The bound
  // is wide so that a busy machine never fails it, and still far below anything quadratic.
  const BOUND_MS = 1000;
  // Each parse is held to BOUND_MS; a whole loop over many schemas may take longer on a busy
  // machine than vitest's default 5 s, which would measure the machine, not the rules.
  const LOOP_MS = 60_000;

  it.each(inputs)('$name', { timeout: LOOP_MS }, ({ schema }) => {
    const { value: base } = sampleInput(schema);
    for (const leaf of stringLeaves(schema)) {
      for (const s of HOSTILE_STRINGS) {
        const ms = timed(() => schema.safeParse(withValue(base, leaf.path, s)));
        expect(ms, `${leaf.path.join('.')} with ${s.slice(0, 12)}...`).toBeLessThan(BOUND_MS);
      }
    }
  });

  it('the exported field rules too', { timeout: LOOP_MS }, () => {
    expect(ruleSchemas.length).toBeGreaterThan(10);
    for (const [name, schema] of ruleSchemas) {
      const { value: base, leaves } = sampleInput(schema);
      const paths = kindOf({ schema } as InputLeaf) === 'string' ? [[]] : leaves.filter((l) => kindOf(l) === 'string').map((l) => l.path);
      for (const path of paths) {
        for (const s of HOSTILE_STRINGS) {
          const ms = timed(() => schema.safeParse(withValue(base, path, s)));
          expect(ms, `${name} ${path.join('.')} with ${s.slice(0, 12)}...`).toBeLessThan(BOUND_MS);
        }
      }
    }
  });

  it('the e-mail rule that froze the server answers at once, and says the same as before', () => {
    const attack = `a@${'.'.repeat(100_000)} x`;
    expect(timed(() => contract.emailSchema.safeParse(attack))).toBeLessThan(BOUND_MS);
    expect(timed(() => isEmailAddress(attack))).toBeLessThan(BOUND_MS);
    const old = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
    const cases = ['a@b.co', 'a@b.c', 'a@.co', 'a@..co', 'a@b..co', '@b.co', 'a@b', 'a b@c.de', 'a@b@c.de', 'a@b.c.de', 'a@-.xx', 'a@b.co ', 'ab@c.d.e', 'x@y.zz.', 'x@.y.zz'];
    for (const c of cases) expect(isEmailAddress(c), c).toBe(old.test(c));
  });

  it('every string of a route input has a length limit', () => {
    const unbounded: string[] = [];
    for (const { name, schema } of inputs) {
      for (const leaf of stringLeaves(schema)) {
        const checks = (leaf.schema as { _zod: { def: { checks?: { _zod: { def: { check: string } } }[] } } })._zod.def.checks ?? [];
        if (!checks.some((c) => c._zod.def.check === 'max_length' || c._zod.def.check === 'length_equals')) unbounded.push(`${name} ${leaf.path.join('.')}`);
      }
    }
    expect(unbounded).toEqual([]);
  });
});

describe('every message a user can meet is in the catalogue', () => {
  const wrongType = (v: unknown) => (typeof v === 'string' ? 12345 : typeof v === 'number' ? 'abc' : typeof v === 'boolean' ? 'abc' : 'abc');

  it.each(inputs)('$name: missing, wrong type and too long fields', ({ schema }) => {
    const { value: base, leaves } = sampleInput(schema);
    const bad: string[] = [];
    for (const leaf of leaves) {
      for (const value of [undefined, wrongType(leaf.value), 'x'.repeat(100_000), null, {}]) {
        const r = schema.safeParse(withValue(base, leaf.path, value));
        for (const issue of r.error?.issues ?? []) {
          const key = issueMessageKey(issue);
          if (!issue.message.startsWith('errors.')) bad.push(`${leaf.path.join('.')}=${String(value).slice(0, 10)}: raw "${issue.message}"`);
          for (const locale of LOCALES) {
            if (translateError(locale, key) === key) bad.push(`${leaf.path.join('.')}: ${key} missing in ${locale}`);
          }
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('an empty sign-in names what is missing in the user\'s language', () => {
    const r = api.auth.login.body!.safeParse({ login_method: 'password' });
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), translateIssue('en-US', i)]));
    expect(byField).toEqual({ account: 'Account format is not correct.', password: 'Please enter the password.' });
    const zh = api.auth.login.body!.safeParse({ login_method: 'password', account: 'a@b.co' });
    expect(translateIssue('zh-CN', zh.error!.issues[0]!)).toBe('请输入密码。');
  });

  it('generic messages carry their limits', () => {
    const r = api.audience.subscriberList.query!.safeParse({ q: 'x'.repeat(201) });
    expect(translateIssue('en-US', r.error!.issues[0]!)).toBe('At most 200 characters.');
    const n = api.audience.subscriberList.query!.safeParse({ page_size: '500' });
    expect(translateIssue('zh-CN', n.error!.issues[0]!)).toBe('数值不能大于 200。');
  });
});

describe('tag names have their own messages', () => {
  it.each([
    ['', 'errors.tag.nameRequired'],
    ['   ', 'errors.tag.nameRequired'],
    [undefined, 'errors.tag.nameRequired'],
    ['x'.repeat(17), 'errors.tag.nameTooLong'],
  ])('%j -> %s', (name, key) => {
    expect(tagNameSchema.safeParse(name).error?.issues[0]?.message).toBe(key);
    const r = api.audience.tagSave.body!.safeParse({ name });
    expect(r.error?.issues.map((i) => i.message)).toEqual([key]);
    expect(translateIssue('en-US', r.error!.issues[0]!)).toMatch(/^Tag name/);
  });
});

describe('values no field accepts', () => {
  it.each([
    ['a\u0000b', true],
    ['\ud800', true],
    ['x\udc00', true],
    ['\udc00\ud800', true],
    ['ok \ud83d\ude00 emoji', false],
    ['plain 中文', false],
    ['', false],
  ])('%j unsafe: %s', (s, unsafe) => expect(hasUnsafeText(s)).toBe(unsafe));

  it('are found in values and keys, with their paths', () => {
    const found = findUnsafeInput({ a: 'ok', b: [1, 'x\u0000'], c: { 'k\ud800': 1 } });
    expect(found).toHaveLength(2);
    expect(found).toEqual(expect.arrayContaining([
      { path: ['b', '1'], key: 'errors.common.badCharacters' },
      { path: ['c', 'k?'], key: 'errors.common.badCharacters' },
    ]));
    expect(findUnsafeInput({ fine: ['a', 1, null, true, { b: 'c' }] })).toEqual([]);
  });

  it('refuse deep nesting without recursion', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const found = findUnsafeInput({ a: deep });
    expect(found).toEqual([{ path: ['a', ...Array(MAX_INPUT_DEPTH - 1).fill('0')], key: 'errors.common.tooDeep' }]);
  });

  it('stop at a bound on a wide hostile body', () => {
    const wide = Array.from({ length: 100_000 }, () => '\u0000');
    expect(timed(() => findUnsafeInput(wide))).toBeLessThan(1000);
    expect(findUnsafeInput(wide)).toHaveLength(20);
  });
});
