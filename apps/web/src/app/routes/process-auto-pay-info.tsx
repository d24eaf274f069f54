import { AutoPayInfoPage } from '@/features/auto-pay';
import { GuestStartPage } from '@/features/guest-payment';

const slots = { StartPage: () => <GuestStartPage variant="auto-pay" /> };

/** Route module for React Router `lazy`: `/process/auto-pay/info?token=…` (public, the auto-payment email's link). */
export function Component() {
  return <AutoPayInfoPage slots={slots} />;
}
