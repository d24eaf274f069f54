import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Folder for the embedded database and stored files. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection string; when set the embedded database is not used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public origin of the app, used in links sent by mail and for the same-origin check. */
  PUBLIC_URL: z.url().optional(),
  /**
   * Which proxies in front of Ferry to believe about the client's address (X-Forwarded-For): unset =
   * none (the connection's address; a client cannot pick its own and dodge the per-client limits), a
   * number = that many hops, otherwise a comma list of proxy addresses or CIDRs (10.0.0.0/8, loopback).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx): false | number | string[] => {
      const text = value?.trim() ?? '';
      if (text === '' || text === 'false') return false;
      if (/^\d+$/.test(text)) return Number(text);
      const entries = text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = entries.find(
        (entry) =>
          !/^[0-9A-Fa-f:.]+(\/\d{1,3})?$/.test(entry) && !/^(loopback|linklocal|uniquelocal)$/.test(entry),
      );
      if (bad) {
        ctx.addIssue({
          code: 'custom',
          message: `"${bad}" is not a hop count, an address or a CIDR (e.g. TRUST_PROXY=1 or TRUST_PROXY=10.0.0.0/8)`,
        });
        return z.NEVER;
      }
      return entries;
    }),
  /**
   * Production refuses to start on a sandbox identity, bank-link, rails, card-vault or bot-check
   * provider unless this is true: a public demo, where nothing is real (logged loudly, a banner shows).
   */
  ALLOW_SANDBOX_PROVIDERS: booleanFromEnv.default(false),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /**
   * On SIGTERM the API first drains for this many seconds — it keeps answering, health says 503 so the
   * load balancer stops sending, every answer closes its connection — then stops accepting and finishes
   * what is in flight. 0 (the default) closes at once; behind a load balancer, its health-check interval.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
  /** Which role this process plays: both (default), only the HTTP API, or only the job worker. */
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  MAIL_PROVIDER: z.enum(['sandbox', 'smtp']).default('sandbox'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Ferry <no-reply@ferry.local>'),
  SMS_PROVIDER: z.enum(['sandbox', 'twilio']).default('sandbox'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  BOT_CHECK_PROVIDER: z.enum(['sandbox', 'recaptcha']).default('sandbox'),
  RECAPTCHA_SECRET: z.string().optional(),
  /** The public reCAPTCHA v3 site key the browser loads the script with. */
  RECAPTCHA_SITE_KEY: z.string().optional(),
  /** A session ends after this many minutes without a request (idle timeout). */
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  /** Emailed links (invitations, password reset) stop working after this many hours. */
  INVITATION_TTL_HOURS: z.coerce.number().int().positive().default(72),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().positive().default(60),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  /** Codes sent per user, and per destination, in 24 hours. */
  OTP_DAILY_LIMIT: z.coerce.number().int().positive().default(10),
  /** Countries whose users must verify their primary phone (ISO codes, comma-separated). */
  PHONE_VERIFICATION_COUNTRIES: z
    .string()
    .default('US,IN')
    .transform((value) =>
      value
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    ),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 7),
  SERVE_WEB: booleanFromEnv.default(true),
  /** Where stored files (logos, documents) live: a folder under DATA_DIR/files, or S3-compatible storage. */
  FILES_PROVIDER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** An S3-compatible endpoint (MinIO, R2...); unset for AWS itself. */
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /**
   * The key that encrypts bank account numbers at rest (base64 of 32 bytes, e.g. `openssl rand -base64 32`).
   * Unset: a key is made once and kept in DATA_DIR/keys/data.key (mode 0600).
   */
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine(
      (value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value.trim()) && Buffer.from(value, 'base64').length === 32,
      {
        error: 'DATA_ENCRYPTION_KEY must be the base64 of 32 bytes (openssl rand -base64 32)',
      },
    )
    .optional(),
  /** Identity verification (KYC/KYB): Ferry's own hosted-inquiry sandbox, or Persona. */
  IDENTITY_PROVIDER: z.enum(['sandbox', 'persona']).default('sandbox'),
  PERSONA_API_KEY: z.string().optional(),
  PERSONA_INDIVIDUAL_TEMPLATE_ID: z.string().optional(),
  PERSONA_BUSINESS_TEMPLATE_ID: z.string().optional(),
  PERSONA_WEBHOOK_SECRET: z.string().optional(),
  /**
   * Card vault (tokenises cards for paying): Ferry's own sandbox vault (Stripe's test numbers, nothing
   * leaves the server) or Stripe (the browser uses Stripe Elements; the server never sees a card number).
   */
  CARD_VAULT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  /** Stripe secret key (sk_live_… / sk_test_…), server only. */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Stripe publishable key (pk_live_… / pk_test_…), given to the browser for Stripe Elements. */
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /**
   * Who captures card payments: the payment rails' own sandbox (no real money, the default), or Stripe
   * (PaymentIntents on the vault's cards; needs CARD_VAULT_PROVIDER=stripe and STRIPE_WEBHOOK_SECRET).
   * Bank transfers stay on RAILS_PROVIDER either way.
   */
  CARD_PROCESSOR: z.enum(['sandbox', 'stripe']).default('sandbox'),
  /**
   * The signing secret (whsec_…) of the Stripe webhook endpoint …/api/webhooks/rails (events
   * payment_intent.succeeded, payment_intent.payment_failed, payment_intent.canceled,
   * charge.dispute.created, charge.refunded): card captures settle by these webhooks.
   */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /**
   * US states (2-letter codes, comma-separated) whose payers are never charged a card surcharge.
   * Default: Connecticut and Massachusetts (state laws ban surcharges) and Puerto Rico (same). Review
   * it with counsel as the laws change (e.g. add a state that bans or caps surcharges below the fee).
   */
  CARD_SURCHARGE_BANNED_STATES: z
    .string()
    .default('CT,MA,PR')
    .transform((value) =>
      value
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, { error: 'use 2-letter state codes, e.g. CT,MA,PR' }))),
  /**
   * What card processing costs a merchant, in basis points (290 = 2.90%): a payee's surcharge rate is
   * the lower of this and the card networks' 3% cap.
   */
  CARD_PROCESSING_COST_BPS: z.coerce.number().int().min(0).max(1000).default(290),
  /** Instant bank link: Ferry's own bank-link sandbox, or Plaid (Link + Auth). */
  BANK_LINK_PROVIDER: z.enum(['sandbox', 'plaid']).default('sandbox'),
  PLAID_CLIENT_ID: z.string().optional(),
  PLAID_SECRET: z.string().optional(),
  /** Plaid's environment: its sandbox (test credentials user_good / pass_good) or production. */
  PLAID_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  /**
   * Where Plaid sends item webhooks (…/api/webhooks/bank-link). Unset: no webhooks, and Ferry relies on
   * polling the items' status (for servers that webhooks cannot reach).
   */
  PLAID_WEBHOOK_URL: z.url().optional(),
  /**
   * Payment rails (micro-deposits and payments): Ferry's sandbox rails and sandbox bank, with a sandbox
   * clock that can be moved ahead (its routes exist only outside production), or Modern Treasury (ACH
   * payment orders; card captures need a card processor there: CARD_PROCESSOR=stripe).
   */
  RAILS_PROVIDER: z.enum(['sandbox', 'modern-treasury']).default('sandbox'),
  /** Modern Treasury (RAILS_PROVIDER=modern-treasury): API key, organization, Ferry's internal account. */
  MODERN_TREASURY_API_KEY: z.string().optional(),
  MODERN_TREASURY_ORGANIZATION_ID: z.string().optional(),
  MODERN_TREASURY_INTERNAL_ACCOUNT_ID: z.string().optional(),
  /**
   * Verifies Modern Treasury's webhooks (…/api/webhooks/rails). Unset: no webhooks, and the engine polls
   * the settled payment orders every minute instead.
   */
  MODERN_TREASURY_WEBHOOK_KEY: z.string().optional(),
  /** Another API origin for Modern Treasury (default https://app.moderntreasury.com). */
  MODERN_TREASURY_BASE_URL: z.url().optional(),
  /**
   * Accounting software: Ferry's Sandbox Books standing in for every provider (the default, offline), or
   * the live providers whose credentials are set below (the others are then not offered).
   */
  ACCOUNTING_PROVIDER: z.enum(['sandbox', 'live']).default('sandbox'),
  /** QuickBooks Online (intuit-oauth + REST): the app's keys; QBO_ENVIRONMENT sandbox uses Intuit's sandbox companies. */
  QBO_CLIENT_ID: z.string().optional(),
  QBO_CLIENT_SECRET: z.string().optional(),
  QBO_ENVIRONMENT: z.enum(['production', 'sandbox']).default('production'),
  QBO_WEBHOOK_VERIFIER_TOKEN: z.string().optional(),
  /** Xero (xero-node). */
  XERO_CLIENT_ID: z.string().optional(),
  XERO_CLIENT_SECRET: z.string().optional(),
  XERO_WEBHOOK_KEY: z.string().optional(),
  /** FreshBooks (@freshbooks/api). */
  FRESHBOOKS_CLIENT_ID: z.string().optional(),
  FRESHBOOKS_CLIENT_SECRET: z.string().optional(),
  /** Zoho Books (REST); ZOHO_ACCOUNTS_URL picks the data centre (https://accounts.zoho.eu ...). */
  ZOHO_CLIENT_ID: z.string().optional(),
  ZOHO_CLIENT_SECRET: z.string().optional(),
  ZOHO_ACCOUNTS_URL: z.url().default('https://accounts.zoho.com'),
  /** Auto-sync: how long after the last sync a connection with auto-sync on is synced again. */
  ACCOUNTING_AUTO_SYNC_MINUTES: z.coerce.number().int().min(15).max(10_080).default(60),
});

export type Config = z.infer<typeof configSchema> & {
  /** Absolute data folder. */
  dataDir: string;
  /** Where the embedded database lives. */
  databaseDir: string;
  /** Where the local files provider keeps files. */
  filesDir: string;
  isProduction: boolean;
  /** The sandbox providers this production runs on by ALLOW_SANDBOX_PROVIDERS (empty outside production). */
  sandboxProviders: string[];
};

/** The settings whose sandbox value production refuses (without ALLOW_SANDBOX_PROVIDERS=true). */
const PRODUCTION_PROVIDER_SETTINGS = [
  ['IDENTITY_PROVIDER', 'persona'],
  ['BANK_LINK_PROVIDER', 'plaid'],
  ['RAILS_PROVIDER', 'modern-treasury'],
  ['CARD_VAULT_PROVIDER', 'stripe'],
  ['CARD_PROCESSOR', 'stripe'],
  ['BOT_CHECK_PROVIDER', 'recaptcha'],
  ['ACCOUNTING_PROVIDER', 'live'],
] as const;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means "not set".
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.MAIL_PROVIDER === 'smtp' && !config.SMTP_URL) {
    throw new ConfigError('Invalid configuration:\n  SMTP_URL: required when MAIL_PROVIDER=smtp');
  }
  if (
    config.SMS_PROVIDER === 'twilio' &&
    !(config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM)
  ) {
    throw new ConfigError(
      'Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: required when SMS_PROVIDER=twilio',
    );
  }
  if (config.BOT_CHECK_PROVIDER === 'recaptcha' && !config.RECAPTCHA_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  RECAPTCHA_SECRET: required when BOT_CHECK_PROVIDER=recaptcha',
    );
  }
  if (config.FILES_PROVIDER === 's3' && !config.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when FILES_PROVIDER=s3');
  }
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither',
    );
  }
  if (
    config.IDENTITY_PROVIDER === 'persona' &&
    !(config.PERSONA_API_KEY && config.PERSONA_INDIVIDUAL_TEMPLATE_ID && config.PERSONA_BUSINESS_TEMPLATE_ID)
  ) {
    throw new ConfigError(
      'Invalid configuration:\n  PERSONA_API_KEY, PERSONA_INDIVIDUAL_TEMPLATE_ID, PERSONA_BUSINESS_TEMPLATE_ID: required when IDENTITY_PROVIDER=persona',
    );
  }
  if (config.BANK_LINK_PROVIDER === 'plaid' && !(config.PLAID_CLIENT_ID && config.PLAID_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  PLAID_CLIENT_ID, PLAID_SECRET: required when BANK_LINK_PROVIDER=plaid',
    );
  }
  if (
    config.CARD_VAULT_PROVIDER === 'stripe' &&
    !(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY)
  ) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: required when CARD_VAULT_PROVIDER=stripe',
    );
  }
  if (config.CARD_PROCESSOR === 'stripe') {
    const missing = [
      config.CARD_VAULT_PROVIDER !== 'stripe' ? 'CARD_VAULT_PROVIDER: must be stripe' : null,
      !config.STRIPE_SECRET_KEY ? 'STRIPE_SECRET_KEY: required' : null,
      !config.STRIPE_WEBHOOK_SECRET ? 'STRIPE_WEBHOOK_SECRET: required' : null,
    ].filter((line) => line !== null);
    if (missing.length) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((line) => `  ${line} when CARD_PROCESSOR=stripe`).join('\n')}`,
      );
    }
  }
  if (
    config.RAILS_PROVIDER === 'modern-treasury' &&
    !(
      config.MODERN_TREASURY_API_KEY &&
      config.MODERN_TREASURY_ORGANIZATION_ID &&
      config.MODERN_TREASURY_INTERNAL_ACCOUNT_ID
    )
  ) {
    throw new ConfigError(
      'Invalid configuration:\n  MODERN_TREASURY_API_KEY, MODERN_TREASURY_ORGANIZATION_ID, MODERN_TREASURY_INTERNAL_ACCOUNT_ID: required when RAILS_PROVIDER=modern-treasury',
    );
  }
  if (config.NODE_ENV === 'production' && !config.PUBLIC_URL) {
    // Links in mail are built from it; without it they would follow the request's Host header.
    throw new ConfigError('Invalid configuration:\n  PUBLIC_URL: required when NODE_ENV=production');
  }
  const isProduction = config.NODE_ENV === 'production';
  const sandboxSettings = isProduction
    ? PRODUCTION_PROVIDER_SETTINGS.filter(([name]) => config[name] === 'sandbox')
    : [];
  if (sandboxSettings.length && !config.ALLOW_SANDBOX_PROVIDERS) {
    // The sandboxes approve any identity, accept any bot-check token and move no real money.
    const lines = sandboxSettings.map(
      ([name, real]) => `  ${name}: sandbox in production; set ${name}=${real}`,
    );
    throw new ConfigError(
      `Invalid configuration:\n${lines.join('\n')}\n  (or ALLOW_SANDBOX_PROVIDERS=true for a public demo where no real money moves)`,
    );
  }
  const dataDir = path.resolve(config.DATA_DIR);
  return {
    ...config,
    dataDir,
    databaseDir: path.join(dataDir, 'db'),
    filesDir: path.join(dataDir, 'files'),
    isProduction,
    sandboxProviders: sandboxSettings.map(([name]) => name),
  };
}
