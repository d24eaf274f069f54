import type { ComponentType } from 'react';
import { AutoPayGuard } from './auto-pay-guard';

/**
 * `/process/auto-pay/info?token=…` (the email's link; spec 000 §1): the guard routes a signed-in payer or
 * the link's guest on; anyone else gets the guest start page's auto-payment variant (email, names for a
 * new person, the email code), which goes on to /process/auto-pay/method.
 */
export const AutoPayInfoPage = ({
  slots,
}: {
  /** The guest start page's auto-payment variant (email step, names for a new person, email code). */
  slots: { StartPage: ComponentType };
}) => (
  <AutoPayGuard page="info" homeWhenAccepted>
    {() => <slots.StartPage />}
  </AutoPayGuard>
);
