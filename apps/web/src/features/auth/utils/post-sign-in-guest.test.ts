import { describe, expect, it } from 'vitest';
import { setStored } from '@/lib/storage';
import { mockApi, ok } from '@/testing/mock-api';
import { makeUserProfile } from '@/testing/users';
import { resolvePostSignInPath } from './post-sign-in';

describe('resolvePostSignInPath: a guest-active user', () => {
  const guest = makeUserProfile({ activeStatus: 'GUEST_ACTIVE', userType: null });

  it('goes back to the guest payment when a guest link token is stored', async () => {
    const api = mockApi({ 'GET /business': ok([]) });
    setStored('guestPaymentInfo', { token: 'guest-token-0123456789abcdef', paymentType: 'SEND_PAYMENT' });
    expect(await resolvePostSignInPath(guest, null)).toBe('/process/payment');
    expect(api.calls).toHaveLength(0);
  });

  it('goes to the guest onboarding page otherwise', async () => {
    mockApi({ 'GET /business': ok([]) });
    expect(await resolvePostSignInPath(guest, null)).toBe('/process/payment/onboard');
  });

  it('still follows a same-site redirectUrl first', async () => {
    mockApi({ 'GET /business': ok([]) });
    expect(await resolvePostSignInPath(guest, '/b/0123456789abcdef01234567/settings/bank-account')).toBe(
      '/b/0123456789abcdef01234567/settings/bank-account',
    );
  });
});
