/** Connection statuses (spec 000 §4, 002 §4). */
export const CONNECTION_STATUSES = [
  'CONNECTED',
  'PENDING',
  'EXPIRED',
  'CONNECTING',
  'SKIPPED',
  'DISCONNECTED',
  'DELETED',
] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const CONNECTION_KINDS = ['ACCOUNTING', 'BANKING'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

export const BUSINESS_CONNECTION_STATUSES = ['CONNECTED', 'DISCONNECTED', 'EXPIRED'] as const;
export type BusinessConnectionStatus = (typeof BUSINESS_CONNECTION_STATUSES)[number];

/** Accounting providers with their display names. */
export const ACCOUNTING_PROVIDERS = [
  { value: 'QBO', label: 'QuickBooks Online' },
  { value: 'QBO_SANDBOX', label: 'QuickBooks Online Sandbox' },
  { value: 'XERO', label: 'Xero' },
  { value: 'FRESHBOOKS', label: 'FreshBooks' },
  { value: 'ZOHOBOOKS', label: 'Zoho Books' },
] as const;
export type AccountingProvider = (typeof ACCOUNTING_PROVIDERS)[number]['value'];

/** Sync button texts (spec 002 §4). */
export const SYNC_BUTTON_TEXTS = {
  reconnect: 'Reconnect',
  syncing: 'Syncing',
  failed: 'Sync Failed - Retry',
  lastSynced: (ago: string): string => `Last Synced ${ago} ago`,
} as const;
