// Xero: the provider (xero/provider.ts) composed of its OAuth, Accounting API, record mapping and webhooks.
export { createXeroAccounting } from './xero/provider.js';
export type { XeroAccountingOptions } from './xero/types.js';
export { xeroWebhookEvents } from './xero/webhooks.js';
