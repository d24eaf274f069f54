import { paths } from '@ferry/domain';
import { getStored } from './storage';

/** The guest link's token kept in the stored guest payment info (features/guest-payment), or ''. */
export const getGuestToken = (): string => getStored('guestPaymentInfo')?.token ?? '';

/**
 * Where a GUEST_ACTIVE user lands (spec 000 §4 'Sign-in': the user goes to /process/payment): back to the
 * guest payment (or the auto-payment method screen) when a link's token is stored, else the guest
 * onboarding page.
 */
export const guestLandingPath = (): string => {
  const stored = getStored('guestPaymentInfo');
  const token = stored?.token ?? '';
  if (!token) return paths.guestPaymentOnboard();
  // An auto-payment link (spec 002 §1 path mapper: auto-pay → the guest auto payment).
  if (stored?.paymentType === 'AUTO_PAYMENT')
    return `${paths.autoPayMethod()}?token=${encodeURIComponent(token)}`;
  return paths.guestPayment();
};
