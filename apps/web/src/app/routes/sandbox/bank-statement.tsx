import { SandboxBankStatementPage } from '@/features/banking';

/**
 * Route module for React Router `lazy`: `/sandbox/bank?accountId=` (signed in, outside the app shell), the
 * sandbox bank's statement of an account.
 */
export const Component = SandboxBankStatementPage;
