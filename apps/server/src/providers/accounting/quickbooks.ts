// QuickBooks Online: the provider (quickbooks/provider.ts) composed of its OAuth, REST API, record mapping and webhooks.
export { createQuickBooksAccounting } from './quickbooks/provider.js';
export type { QuickBooksAccountingOptions } from './quickbooks/types.js';
export { quickBooksWebhookEvents } from './quickbooks/webhooks.js';
