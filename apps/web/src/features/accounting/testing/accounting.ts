import type { AccountingConnection, IntegrationProvider, SyncRun } from '@ferry/domain/schemas';
import { TEST_BUSINESS_ID } from '@/testing/businesses';

export const BUSINESS_ID = TEST_BUSINESS_ID;
export const CONNECTION_API = `/business/${BUSINESS_ID}/accounting/connection`;
export const SYNC_RUNS_API = `/business/${BUSINESS_ID}/accounting/sync-runs`;
export const DISCONNECT_API = `/business/${BUSINESS_ID}/disconnect/accounting-connection`;
export const syncApi = (providerType: string) => `/sync/platform/${BUSINESS_ID}/${providerType}`;

/** The picker's cards as GET /integration answers them (QuickBooks and Xero live, FreshBooks sandboxed). */
export const makeProvider = (overrides: Partial<IntegrationProvider> = {}): IntegrationProvider => ({
  id: 'QBO',
  providerType: 'QBO',
  name: 'QuickBooks Online',
  logo: '/logos/qbo.svg',
  bigLogoPath: '/logos/qbo-big.svg',
  mode: 'LIVE',
  signIn: true,
  ...overrides,
});

export const PROVIDERS: IntegrationProvider[] = [
  makeProvider(),
  makeProvider({ id: 'XERO', providerType: 'XERO', name: 'Xero', logo: '/logos/xero.svg' }),
  makeProvider({
    id: 'FRESHBOOKS',
    providerType: 'FRESHBOOKS',
    name: 'FreshBooks',
    logo: '/logos/freshbooks.svg',
    mode: 'SANDBOX',
    signIn: false,
  }),
];

export const makeRun = (overrides: Partial<SyncRun> = {}): SyncRun => ({
  id: 'run-1',
  status: 'COMPLETED',
  trigger: 'MANUAL',
  startedAt: '2026-11-27T10:00:00.000Z',
  finishedAt: '2026-11-27T10:01:00.000Z',
  imported: {},
  updated: {},
  pushed: {},
  failures: [],
  error: null,
  step: null,
  ...overrides,
});

/** A connected QuickBooks connection, last synced at `syncDate`. */
export const makeConnection = (overrides: Partial<AccountingConnection> = {}): AccountingConnection => ({
  id: 'conn-1',
  providerType: 'QBO',
  provider: { id: 'QBO', name: 'QuickBooks Online' },
  logo: '/logos/qbo.svg',
  bigLogoPath: '/logos/qbo-big.svg',
  mode: 'LIVE',
  status: 'CONNECTED',
  organizationId: 'realm-1',
  organizationName: 'Harbor Coffee Books',
  connectedAt: '2026-11-20T09:30:00.000Z',
  connectedBy: 'Ada Lovelace',
  autoSync: false,
  syncStatus: 'COMPLETED',
  syncDate: '2026-11-27T10:01:00.000Z',
  lastRun: makeRun(),
  isMappingPending: false,
  ...overrides,
});
