import { paths } from '@ferry/domain';
import { getStored } from './storage';

/** The guest link's token kept in the stored guest payment info (features/guest-payment), or ''. */
export const getGuestToken = (): string => getStored('guestPaymentInfo')?.token ?? '';

/**
 * Where a GUEST_ACTIVE user lands (spec 000 §4 'Sign-in': the user goes to /process/payment): back to the
 * guest payment when a link's token is stored, else the guest onboarding page.
 */
export const guestLandingPath = (): string =>
  getGuestToken() ? paths.guestPayment() : paths.guestPaymentOnboard();
