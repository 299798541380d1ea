import type { AppConfig } from '@storecast/contract';

export type SunsetAction =
  | { kind: 'none' }
  /** Leave for the new version. */
  | { kind: 'leave'; to: string }
  /** Stay (a tester asked to), with the stay parameter removed from the address. */
  | { kind: 'stay'; url: string };

/**
 * SPEC section 1: while the old-version notice is on, opening the app root sends the user to
 * the new version, unless the stay parameter is present; that parameter is then dropped from
 * the address so a shared link does not carry it along.
 */
export function sunsetAction(current: URL, sunset: AppConfig['sunset']): SunsetAction {
  if (!sunset || current.pathname !== '/') return { kind: 'none' };
  if (!current.searchParams.has(sunset.stay_param)) return { kind: 'leave', to: sunset.url };
  const kept = new URL(current.href);
  kept.searchParams.delete(sunset.stay_param);
  return { kind: 'stay', url: `${kept.pathname}${kept.search}${kept.hash}` };
}
