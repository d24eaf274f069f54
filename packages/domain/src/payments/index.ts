export * from './ach-returns.js';
export * from './amounts.js';
export * from './auto-payment-transitions.js';
export * from './delivery.js';
export * from './ledger-effects.js';
export * from './new-york-time.js';
export * from './process-date.js';
export * from './transitions.js';
