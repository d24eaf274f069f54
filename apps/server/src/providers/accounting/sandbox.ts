import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/client.js';
import type { AccountingProvider, AccountingProviderType } from './accounting.js';
import { createSandboxBrowse } from './sandbox/browse.js';
import type { SandboxBooks } from './sandbox/common.js';
import { createSandboxGrants } from './sandbox/grants.js';
import { createSandboxProvider } from './sandbox/provider.js';
import { createSandboxStore } from './sandbox/store.js';

export {
  ACCESS_TOKEN_TTL_MS,
  AUTHORIZE_PATH,
  CALLBACK_PATH,
  CODE_TTL_MS,
  LIST_PAGE_SIZE,
  REFRESH_TOKEN_TTL_MS,
  SANDBOX_BOOKS_MESSAGES,
  type SandboxBooks,
} from './sandbox/common.js';
export { parseRedirectUri } from './sandbox/grants.js';

/**
 * Sandbox Books: the accounting system that stands in for QuickBooks Online, Xero, FreshBooks and Zoho
 * Books when no real adapter is configured. `provider(type)` is the AccountingProvider (the same books
 * for every type; sandbox/provider.ts); the consent, grants and tokens are sandbox/grants.ts, and the
 * browse page's service sandbox/browse.ts (both served by sandbox-routes.ts).
 */
export function createSandboxBooks(deps: { database: Database; clock: Clock }): SandboxBooks {
  const { db } = deps.database;
  const now = () => deps.clock.now();
  const store = createSandboxStore(db);
  const grants = createSandboxGrants({ db, now, store });
  const makeProvider = createSandboxProvider({ db, now, store, grants });
  const providers = new Map<AccountingProviderType, AccountingProvider>();

  return {
    provider(type) {
      let provider = providers.get(type);
      if (!provider) {
        provider = makeProvider(type);
        providers.set(type, provider);
      }
      return provider;
    },
    ...grants.service,
    ...createSandboxBrowse({ db, now, store }),
  };
}
