import { ConnectingPage } from '@/features/accounting/components/connecting-page';

/** Route module for React Router `lazy`: `/integration/connecting`, the accounting provider's way back. */
export const Component = ConnectingPage;
