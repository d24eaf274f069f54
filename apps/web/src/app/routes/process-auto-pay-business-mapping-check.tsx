import { AutoPayMappingCheckPage } from '@/features/auto-pay';

/** Route module for React Router `lazy`: `/process/auto-pay/business-mapping-check` (after sign-in). */
export const Component = AutoPayMappingCheckPage;
