import { AutoPayBusinessPage } from '@/features/auto-pay';

/** Route module for React Router `lazy`: `/process/auto-pay/business?token=…` (a signed-in payer picks the business). */
export const Component = AutoPayBusinessPage;
