import { AutoPayMethodPage } from '@/features/auto-pay';
import { autoPaySlots } from './process-auto-pay-slots';

/** Route module for React Router `lazy`: `/process/auto-pay/method?token[&businessId]` (authorise or manage). */
export function Component() {
  return <AutoPayMethodPage slots={autoPaySlots} />;
}
