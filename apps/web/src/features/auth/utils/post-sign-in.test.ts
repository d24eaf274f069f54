import { describe, expect, it } from 'vitest';
import { makeTestBusiness } from '@/testing/businesses';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { makeUserProfile } from '@/testing/users';
import { getSafeRedirectPath, resolvePostSignInPath } from './post-sign-in';

describe('getSafeRedirectPath', () => {
  it.each([
    ['/b/abc/home', '/b/abc/home'],
    ['/process/payment?x=1#top', '/process/payment?x=1#top'],
    ['  /accept-invitation ', '/accept-invitation'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(getSafeRedirectPath(input)).toBe(expected);
  });

  it.each([
    null,
    '',
    'b/abc/home',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\tevil',
    '/\nevil',
  ])('refuses %s', (input) => {
    expect(getSafeRedirectPath(input)).toBeNull();
  });
});

describe('resolvePostSignInPath: where a signed-in user lands', () => {
  const business = makeTestBusiness();

  it('sends a practice member without a business to /no-business', async () => {
    mockApi({ 'GET /business': ok([]) });
    expect(await resolvePostSignInPath(makeUserProfile({ userType: 'PRACTICE_MEMBER' }), null)).toBe(
      '/no-business',
    );
  });

  it("sends a practice member with a client business to that business's home", async () => {
    mockApi({ 'GET /business': ok([business]) });
    expect(await resolvePostSignInPath(makeUserProfile({ userType: 'PRACTICE_MEMBER' }), null)).toBe(
      `/b/${business.id}/home`,
    );
  });

  it('sends anyone else without a business to onboarding', async () => {
    mockApi({ 'GET /business': ok([]) });
    expect(await resolvePostSignInPath(makeUserProfile(), null)).toBe('/onboard/b/add');
  });

  it('sends an accountant without a practice to set it up, and one with a practice on', async () => {
    const api = mockApi({ 'GET /practice': ok(null), 'GET /business': ok([business]) });
    const accountant = makeUserProfile({ userType: 'ACCOUNTANT' });
    expect(await resolvePostSignInPath(accountant, null)).toBe('/onboard/practice');
    api.handlers['GET /practice'] = ok({
      id: 'f10000000000000000000001',
      practiceFirmName: 'Harbor Accounting LLP',
      clientRange: 'FIVE_TO_FIFTEEN',
      ownerUserId: accountant.id,
      isOwner: true,
      createdAt: '2026-10-01T09:00:00.000Z',
    });
    expect(await resolvePostSignInPath(accountant, null)).toBe(`/b/${business.id}/home`);
  });

  it('does not hold an accountant back when the practice cannot be read', async () => {
    mockApi({ 'GET /practice': fail(503, 'Down'), 'GET /business': ok([]) });
    expect(await resolvePostSignInPath(makeUserProfile({ userType: 'ACCOUNTANT' }), null)).toBe(
      '/onboard/b/add',
    );
  });

  it('follows a same-site redirectUrl first', async () => {
    mockApi({ 'GET /business': ok([]) });
    expect(
      await resolvePostSignInPath(makeUserProfile({ userType: 'PRACTICE_MEMBER' }), '/team-members'),
    ).toBe('/team-members');
  });
});
