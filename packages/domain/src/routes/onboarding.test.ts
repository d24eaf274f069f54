import { describe, expect, it } from 'vitest';
import { getOnboardingNextPath } from './onboarding.js';

const ID = '0123456789abcdef01234567';

describe('getOnboardingNextPath (spec 000 §4)', () => {
  it.each([
    ['US', `/onboard/b/${ID}/link-bank`],
    ['us', `/onboard/b/${ID}/link-bank`],
    ['USA', `/onboard/b/${ID}/link-bank`],
    [null, `/onboard/b/${ID}/link-bank`],
    [undefined, `/onboard/b/${ID}/link-bank`],
    ['', `/onboard/b/${ID}/link-bank`],
    ['CA', `/onboard/b/${ID}/completed`],
    ['IN', `/onboard/b/${ID}/completed`],
    ['GB', `/onboard/b/${ID}/completed`],
  ])('country %s → %s', (country, to) => {
    expect(getOnboardingNextPath(ID, country)).toBe(to);
  });
});
