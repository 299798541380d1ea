import { describe, expect, it } from 'vitest';
import { sunsetAction } from './sunset-action.ts';

const sunset = { date: '2025-10-31', url: 'https://new.example.com/', stay_param: 'stay_old' };

describe('sunsetAction', () => {
  it('does nothing when the notice is off', () => {
    expect(sunsetAction(new URL('https://app.example.com/'), null)).toEqual({ kind: 'none' });
  });

  it('sends the root to the new version', () => {
    expect(sunsetAction(new URL('https://app.example.com/'), sunset)).toEqual({ kind: 'leave', to: sunset.url });
  });

  it('stays when the stay parameter is present and removes it from the address', () => {
    expect(sunsetAction(new URL('https://app.example.com/?stay_old=1&x=2'), sunset)).toEqual({ kind: 'stay', url: '/?x=2' });
    expect(sunsetAction(new URL('https://app.example.com/?stay_old'), sunset)).toEqual({ kind: 'stay', url: '/' });
  });

  it('only acts on the app root', () => {
    expect(sunsetAction(new URL('https://app.example.com/dashboard'), sunset)).toEqual({ kind: 'none' });
  });
});
