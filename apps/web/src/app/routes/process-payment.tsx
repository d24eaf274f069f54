import { GuestPaymentPage } from '@/features/guest-payment/components/guest-payment-page';
import { guestPaymentSlots } from '../guest-payment-slots';

/**
 * Route module for React Router `lazy`: `/process/payment` (public route; the guest session guards it: the
 * phone step, then the payment-method screen).
 */
export function Component() {
  return <GuestPaymentPage slots={guestPaymentSlots} />;
}
