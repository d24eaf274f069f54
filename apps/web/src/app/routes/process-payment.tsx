import { lazy } from 'react';
import { GuestPaymentPage } from '@/features/guest-payment/components/guest-payment-page';
import type { GuestPaymentSlots } from '@/features/guest-payment/components/guest-slots';

/** The banking and cards dialogs load only when the guest opens them. */
const slots: GuestPaymentSlots = {
  AddBankDialog: lazy(() =>
    import('@/features/banking/components/guest-bank-dialog').then((m) => ({ default: m.GuestBankDialog })),
  ),
  VerifyBankDialog: lazy(() =>
    import('@/features/banking/components/micro-deposit-dialog').then((m) => ({
      default: m.MicroDepositDialog,
    })),
  ),
  AddCardDialog: lazy(() =>
    import('@/features/cards/components/add-card-dialog').then((m) => ({ default: m.AddCardDialog })),
  ),
};

/**
 * Route module for React Router `lazy`: `/process/payment` (public route; the guest session guards it: the
 * phone step, then the payment-method screen).
 */
export function Component() {
  return <GuestPaymentPage slots={slots} />;
}
