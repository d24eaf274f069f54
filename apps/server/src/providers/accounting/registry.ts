import {
  ACCOUNTING_PROVIDER_TYPES,
  type AccountingProvider,
  type AccountingProviderType,
} from './accounting.js';
import type { SandboxBooks } from './sandbox.js';

/** The accounting providers this server offers, one per provider type. */
export interface AccountingRegistry {
  get(type: AccountingProviderType): AccountingProvider | null;
  /** In the picker's order. */
  list(): AccountingProvider[];
  /** Sandbox Books, when it stands in (its consent and browse routes are mounted then). */
  readonly sandboxBooks: SandboxBooks | null;
}

/**
 * ACCOUNTING_PROVIDER=sandbox: Sandbox Books stands in for every provider type. live: the types whose
 * credentials are configured, each on its real adapter (built lazily, once).
 */
export function createAccountingRegistry(options: {
  mode: 'sandbox' | 'live';
  sandboxBooks: () => SandboxBooks;
  live: Partial<Record<AccountingProviderType, () => AccountingProvider>>;
}): AccountingRegistry {
  const built = new Map<AccountingProviderType, AccountingProvider>();
  const sandboxBooks = options.mode === 'sandbox' ? options.sandboxBooks() : null;
  const get = (type: AccountingProviderType): AccountingProvider | null => {
    const cached = built.get(type);
    if (cached) return cached;
    const provider = sandboxBooks ? sandboxBooks.provider(type) : (options.live[type]?.() ?? null);
    if (provider) built.set(type, provider);
    return provider;
  };
  return {
    get,
    list: () => ACCOUNTING_PROVIDER_TYPES.flatMap((type) => get(type) ?? []),
    sandboxBooks,
  };
}
