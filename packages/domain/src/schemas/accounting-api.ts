import { z } from 'zod';
import { ACCOUNTING_PROVIDERS } from '../catalogues/connections.js';
import { paginationQuerySchema } from './envelope.js';
import { refIdSchema } from './text.js';

/*
 * Accounting connections and sync (issue 21; spec 002 §4 'Accounting connections and sync', §7
 * 'Accounting integration'; spec 000 §4 provider redirect state, organisation callback data).
 *
 * Routes (base /api):
 *   GET  /integration                                   → IntegrationProvider[] (the picker's cards)
 *   GET  /integration/connection-url?providerType&businessId&requestFor&keepMeLogin → { url } (the browser goes there)
 *   GET  /integration/callback?code&state&...            the provider's redirect back: 302 to the browser app
 *        (/integration/connecting?providerType&state, or ...&error=access_denied)
 *   GET  /auth/connections?providerType&state           → OrganisationCallback (which organisations the grant covers)
 *   POST /integration/connect-business?providerType      {state, organizationId, businessId} → AccountingConnection
 *   POST /auth/callback                                  {providerType, state} → the sign-in answer (Sign in with
 *        Intuit / Xero: the provider's identity stands for the password; the sign-in code step still applies)
 *   GET  /business/{id}/accounting/connection           → AccountingConnection | null
 *   POST /business/{id}/disconnect/accounting-connection → AccountingConnection (DISCONNECTED)
 *   PATCH /business/{id}/accounting/connection           {autoSync} → AccountingConnection
 *        (the spec's PATCH /business/{id} {autoSync}: that path already changes the business details before
 *        verification, under the business-profile right; the switch is the Admin's, so it has its own path)
 *   POST /sync/platform/{businessId}/{providerType}?userId= {isActual, isForcasting} → SyncRun (queued or running)
 *   GET  /business/{id}/accounting/sync-runs?pageNumber&pageSize → paged SyncRun[] (the sync history)
 * Connect, disconnect and the auto-sync toggle are the Admin role's; sync and reading are any member's.
 */

export const ACCOUNTING_PROVIDER_TYPES = ACCOUNTING_PROVIDERS.map((provider) => provider.value) as [
  (typeof ACCOUNTING_PROVIDERS)[number]['value'],
  ...(typeof ACCOUNTING_PROVIDERS)[number]['value'][],
];

export const ACCOUNTING_MESSAGES = {
  providerType: 'Please choose an accounting software.',
  state: 'This connection link has expired. Please connect again.',
  organization: 'Please choose an organization.',
  denied: 'Denied: Please grant access permission to Ferry from your accounting software.',
  notConnected: 'Accounting software is not connected.',
  alreadyConnected: 'Accounting software is already connected. Disconnect it first to connect another.',
  expired: 'The connection to your accounting software has expired. Please reconnect.',
  syncRunning: 'A sync is already running.',
  completeSignup: 'Please complete the signup before signing in.',
  unknown: 'Unknown error',
} as const;

export const accountingProviderTypeSchema = z.enum(ACCOUNTING_PROVIDER_TYPES, {
  error: ACCOUNTING_MESSAGES.providerType,
});

/** A card of the accounting picker (spec 002 §3 'Accounting connection'). */
export const integrationProviderSchema = z.object({
  id: accountingProviderTypeSchema,
  providerType: accountingProviderTypeSchema,
  name: z.string(),
  logo: z.string(),
  bigLogoPath: z.string(),
  /** SANDBOX: Ferry's Sandbox Books stands in for this provider (no outside account needed). */
  mode: z.enum(['SANDBOX', 'LIVE']),
  /** Whether 'Sign in with {provider}' is offered (Intuit and Xero). */
  signIn: z.boolean(),
});
export type IntegrationProvider = z.infer<typeof integrationProviderSchema>;

const booleanQuery = z
  .enum(['true', 'false'], { error: 'Must be true or false.' })
  .transform((value) => value === 'true')
  .optional();

export const connectionUrlQuerySchema = z.object({
  providerType: accountingProviderTypeSchema,
  /** The business to connect (absent for sign-in with a provider). */
  businessId: refIdSchema().optional(),
  /** CONNECT (default) or SIGN_IN (spec 000 §4 provider redirect state 'requestFor'). */
  requestFor: z.enum(['CONNECT', 'SIGN_IN']).default('CONNECT'),
  keepMeLogin: booleanQuery,
  invitationId: refIdSchema().optional(),
});
export type ConnectionUrlQuery = z.infer<typeof connectionUrlQuerySchema>;

export const connectionUrlSchema = z.object({ url: z.string() });

export const stateField = z
  .string({ error: ACCOUNTING_MESSAGES.state })
  .trim()
  .min(1, { error: ACCOUNTING_MESSAGES.state })
  .max(2000, { error: ACCOUNTING_MESSAGES.state })
  .regex(/^[A-Za-z0-9._~-]+$/, { error: ACCOUNTING_MESSAGES.state });

export const authConnectionsQuerySchema = z.object({
  providerType: accountingProviderTypeSchema,
  state: stateField,
});

/**
 * `POST /auth/callback` (spec 000 §7): signs in with the completed round trip of a 'Sign in with Intuit /
 * Xero' (requestFor SIGN_IN). Answers like `POST /auth/sign-in` (a session, or the code step).
 */
export const authCallbackRequestSchema = z.object({
  providerType: accountingProviderTypeSchema,
  state: stateField,
});
export type AuthCallbackRequest = z.infer<typeof authCallbackRequestSchema>;

export const organisationSchema = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string().nullable(),
});

/** Spec 000 §4 'Organization callback data'. tokenDetails never carries a token, only when it lapses. */
export const organisationCallbackSchema = z.object({
  organizationList: z.array(organisationSchema),
  tokenDetails: z.object({ expiresAt: z.string() }),
  businessOnboarded: z.boolean(),
  businessId: z.string().nullable(),
  providerType: accountingProviderTypeSchema,
  /** The Ferry business already connected to one of these organisations, if any. */
  businessAlreadyExistsDetails: z
    .object({ businessId: z.string(), businessName: z.string(), organizationId: z.string() })
    .nullable(),
});
export type OrganisationCallback = z.infer<typeof organisationCallbackSchema>;

export const connectBusinessQuerySchema = z.object({ providerType: accountingProviderTypeSchema });
export const connectBusinessRequestSchema = z.object({
  state: stateField,
  organizationId: z
    .string({ error: ACCOUNTING_MESSAGES.organization })
    .trim()
    .min(1, { error: ACCOUNTING_MESSAGES.organization })
    .max(100, { error: ACCOUNTING_MESSAGES.organization }),
  businessId: refIdSchema(),
});
export type ConnectBusinessRequest = z.infer<typeof connectBusinessRequestSchema>;

/** The business connection's status (spec 002 §4): CONNECTED, DISCONNECTED, EXPIRED. */
export const ACCOUNTING_CONNECTION_STATUSES = ['CONNECTED', 'DISCONNECTED', 'EXPIRED'] as const;
/** The last sync's state as the sync button reads it. */
export const SYNC_STATUSES = [
  'NOT_STARTED',
  'IN_PROGRESS',
  'COMPLETED',
  'FAILED',
  'NOT_INITIATED_INVALID_TOKEN',
] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

export const SYNC_KINDS = [
  'ACCOUNT',
  'ITEM',
  'VENDOR',
  'CUSTOMER',
  'BILL',
  'INVOICE',
  'BILL_PAYMENT',
  'INVOICE_PAYMENT',
] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

export const SYNC_KIND_LABELS: Record<SyncKind, { one: string; many: string }> = {
  ACCOUNT: { one: 'chart account', many: 'chart accounts' },
  ITEM: { one: 'item', many: 'items' },
  VENDOR: { one: 'vendor', many: 'vendors' },
  CUSTOMER: { one: 'customer', many: 'customers' },
  BILL: { one: 'bill', many: 'bills' },
  INVOICE: { one: 'invoice', many: 'invoices' },
  BILL_PAYMENT: { one: 'bill payment', many: 'bill payments' },
  INVOICE_PAYMENT: { one: 'invoice payment', many: 'invoice payments' },
};

const countsSchema = z.partialRecord(z.enum(SYNC_KINDS), z.number().int());

export const syncRunSchema = z.object({
  id: z.string(),
  status: z.enum(['IN_PROGRESS', 'COMPLETED', 'FAILED']),
  trigger: z.enum(['CONNECT', 'MANUAL', 'SCHEDULE', 'WEBHOOK']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Records created in Ferry from the books, per kind. */
  imported: countsSchema,
  /** Records in Ferry changed from the books, per kind. */
  updated: countsSchema,
  /** Records written to the books, per kind. */
  pushed: countsSchema,
  /** What could not be synced and why (the run still completes). */
  failures: z.array(z.object({ kind: z.enum(SYNC_KINDS), name: z.string(), message: z.string() })),
  /** Why the whole run failed, or null. */
  error: z.string().nullable(),
  /** The step running now (IN_PROGRESS), for progress. */
  step: z.enum(SYNC_KINDS).nullable(),
});
export type SyncRun = z.infer<typeof syncRunSchema>;

export const accountingConnectionSchema = z.object({
  id: z.string(),
  providerType: accountingProviderTypeSchema,
  provider: z.object({ id: accountingProviderTypeSchema, name: z.string() }),
  logo: z.string(),
  bigLogoPath: z.string(),
  mode: z.enum(['SANDBOX', 'LIVE']),
  status: z.enum(ACCOUNTING_CONNECTION_STATUSES),
  organizationId: z.string(),
  organizationName: z.string(),
  connectedAt: z.string(),
  connectedBy: z.string().nullable(),
  autoSync: z.boolean(),
  syncStatus: z.enum(SYNC_STATUSES),
  /** When the last sync completed, or null. */
  syncDate: z.string().nullable(),
  lastRun: syncRunSchema.nullable(),
  isMappingPending: z.boolean(),
});
export type AccountingConnection = z.infer<typeof accountingConnectionSchema>;

export const autoSyncRequestSchema = z.object({
  autoSync: z.boolean({ error: 'Auto sync must be true or false.' }),
});

export const syncPlatformParamsSchema = z.object({
  businessId: z.string(),
  providerType: accountingProviderTypeSchema,
});
export const syncPlatformQuerySchema = z.object({ userId: refIdSchema().optional() });
export const syncPlatformRequestSchema = z
  .object({ isActual: z.boolean().optional(), isForcasting: z.boolean().optional() })
  .optional();

export const syncRunsQuerySchema = paginationQuerySchema.pick({ pageNumber: true, pageSize: true });
