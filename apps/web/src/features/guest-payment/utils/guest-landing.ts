import { paths } from '@ferry/domain';
import { getGuestToken } from './guest-storage';

/** Where a GUEST_ACTIVE user goes: back to the guest payment when a link's token is stored, else onboarding. */
export const guestLandingPath = (): string =>
  getGuestToken() ? paths.guestPayment() : paths.guestPaymentOnboard();
