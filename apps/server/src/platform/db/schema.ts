// Every table, for drizzle's relational queries and for drizzle-kit.
export * from '../../modules/activity/tables.js';
export * from '../../modules/auth/tables.js';
export * from '../../modules/businesses/tables.js';
export * from '../../modules/contacts/tables.js';
export * from '../../modules/notifications/tables.js';
export * from '../../modules/otp/tables.js';
export * from '../../modules/preferences/tables.js';
export * from '../../modules/roles/tables.js';
export * from '../../modules/users/tables.js';
export * from '../../modules/vendor-banks/tables.js';
export * from '../../modules/verification/tables.js';
export * from '../../providers/identity/sandbox-tables.js';
export * from '../idempotency/tables.js';
