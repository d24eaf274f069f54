import { AutoPaySuccessPage } from '@/features/auto-pay';
import { autoPaySlots } from './process-auto-pay-slots';

/** Route module for React Router `lazy`: `/process/auto-pay/success?token` (the authorization result). */
export function Component() {
  return <AutoPaySuccessPage slots={autoPaySlots} />;
}
