/** The whole of a draw's odds: probabilities are kept in hundredths of a percent. */
export const WEIGHT_TOTAL = 10_000;

/**
 * The prize a roll lands on: `roll` is a whole number in [0, WEIGHT_TOTAL), drawn uniformly by
 * the caller (crypto.randomInt), and each prize owns a run of rolls as long as its weight. Kept
 * pure so the fairness test can run it a hundred thousand times against the stated odds.
 */
export function choosePrize(weights: readonly number[], roll: number): number {
  let edge = 0;
  for (let i = 0; i < weights.length; i++) {
    edge += weights[i]!;
    if (roll < edge) return i;
  }
  // Unreachable while the weights add up to WEIGHT_TOTAL, which the contract demands on save.
  return weights.length - 1;
}
