import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { choosePrize, WEIGHT_TOTAL } from './choose-prize.ts';
import { normaliseEmail } from './normalise-identity.ts';

/** Pearson's statistic of observed counts against the weights' expected counts. */
function chiSquare(counts: number[], weights: number[], n: number) {
  return counts.reduce((sum, seen, i) => {
    const expected = (n * weights[i]!) / WEIGHT_TOTAL;
    return sum + (seen - expected) ** 2 / expected;
  }, 0);
}

// Critical value of chi-square with 5 degrees of freedom at p = 0.001: a fair draw fails one run in a thousand.
const CRITICAL_DF5 = 20.515;
const WEIGHTS = [4000, 3000, 2000, 700, 250, 50];
const N = 100_000;

describe('the draw is fair', () => {
  it('100,000 draws land on each prize as often as its stated probability says (chi-square, p > 0.001)', () => {
    const counts = WEIGHTS.map(() => 0);
    for (let i = 0; i < N; i++) counts[choosePrize(WEIGHTS, randomInt(WEIGHT_TOTAL))]!++;
    expect(chiSquare(counts, WEIGHTS, N)).toBeLessThan(CRITICAL_DF5);
  });

  it('the same test catches odds that are off by one percent', () => {
    // Why this test: it shows the fairness check above could fail at all.
    const skewed = [4100, 2900, 2000, 700, 250, 50];
    const counts = WEIGHTS.map(() => 0);
    for (let i = 0; i < N; i++) counts[choosePrize(skewed, randomInt(WEIGHT_TOTAL))]!++;
    expect(chiSquare(counts, WEIGHTS, N)).toBeGreaterThan(CRITICAL_DF5);
  });

  it('each prize owns exactly its weight of the rolls, a zero weight none', () => {
    const counts = [0, 0, 0];
    for (let roll = 0; roll < WEIGHT_TOTAL; roll++) counts[choosePrize([0, 9999, 1], roll)]!++;
    expect(counts).toEqual([0, 9999, 1]);
  });
});

describe('one e-mail identity per mailbox', () => {
  it('makes case, plus-tags and Gmail\'s ignored dots one key', () => {
    const key = 'shoppername@gmail.com';
    for (const form of ['ShopperName@gmail.com', 'shopper.name@gmail.com', 's.h.o.p.p.e.r.n.a.m.e+win@GMAIL.com', 'shopper.name+x+y@googlemail.com']) {
      expect(normaliseEmail(form), form).toBe(key);
    }
  });

  it('keeps dots where the provider delivers them to someone else, and drops Proton\'s', () => {
    expect(normaliseEmail('a.b@outlook.com')).not.toBe(normaliseEmail('ab@outlook.com'));
    expect(normaliseEmail('A.B+promo@Outlook.com')).toBe('a.b@outlook.com');
    expect(normaliseEmail('j.o_h-n@proton.me')).toBe('john@proton.me');
    expect(normaliseEmail('+tag@gmail.com')).toBeNull();
  });
});
