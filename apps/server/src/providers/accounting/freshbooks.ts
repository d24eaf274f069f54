// FreshBooks: the provider (freshbooks/provider.ts) composed of its OAuth, REST API and record mapping.

export { easternToIso } from './freshbooks/mapping.js';
export { createFreshBooksAccounting } from './freshbooks/provider.js';
export type { FreshBooksAccountingOptions } from './freshbooks/types.js';
