import { lazy } from 'react';
import type { GuestPaymentSlots } from '@/features/guest-payment/components/guest-slots';

/**
 * The banking and cards dialogs the guest method screens borrow (/process/payment and
 * /process/auto-pay/method): they load only when the guest opens them.
 */
export const guestPaymentSlots: GuestPaymentSlots = {
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
