import { DevOutboxPage } from '@/features/dev-outbox/components/dev-outbox-page';

/** Route module for React Router `lazy`. */
export const Component = DevOutboxPage;
