// Zoho Books: the provider (zoho-books/provider.ts) composed of its OAuth, REST API and record mapping.
export { zohoTimeToIso } from './zoho-books/mapping.js';
export { createZohoBooksAccounting } from './zoho-books/provider.js';
export type { ZohoBooksAccountingOptions } from './zoho-books/types.js';
