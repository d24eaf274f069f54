import type { Config } from '../config.js';
import type { Clock } from '../platform/clock.js';
import { getDataSecretBox } from '../platform/crypto/secret-box.js';
import type { Database } from '../platform/db/client.js';
import { createFreshBooksAccounting } from './accounting/freshbooks.js';
import { createQuickBooksAccounting } from './accounting/quickbooks.js';
import { type AccountingRegistry, createAccountingRegistry } from './accounting/registry.js';
import { createSandboxBooks } from './accounting/sandbox.js';
import { createXeroAccounting } from './accounting/xero.js';
import { createZohoBooksAccounting } from './accounting/zoho-books.js';
import type { BankLinkProvider } from './bank-link/bank-link.js';
import { createPlaidBankLink } from './bank-link/plaid.js';
import { createSandboxBankLink } from './bank-link/sandbox.js';
import type { BotCheckProvider } from './bot-check/bot-check.js';
import { createRecaptchaBotCheck } from './bot-check/recaptcha.js';
import { createSandboxBotCheck } from './bot-check/sandbox.js';
import type { CardVaultProvider } from './card-vault/card-vault.js';
import { createSandboxCardVault } from './card-vault/sandbox.js';
import { createStripeCardVault } from './card-vault/stripe.js';
import type { FilesProvider } from './files/files.js';
import { createLocalFiles } from './files/local.js';
import { createS3Files } from './files/s3.js';
import type { IdentityProvider } from './identity/identity.js';
import { createPersonaIdentity } from './identity/persona.js';
import { createSandboxIdentity } from './identity/sandbox.js';
import type { MailProvider } from './mail/mail.js';
import { createSandboxMail } from './mail/sandbox.js';
import { createSmtpMail } from './mail/smtp.js';
import { createCompositeRails } from './rails/composite.js';
import { createModernTreasuryRails } from './rails/modern-treasury.js';
import type { RailsProvider } from './rails/rails.js';
import { createSandboxRails } from './rails/sandbox.js';
import { createStripeCardRails } from './rails/stripe-cards.js';
import { createSandboxSms } from './sms/sandbox.js';
import type { SmsProvider } from './sms/sms.js';
import { createTwilioSms } from './sms/twilio.js';

/** The one place that knows which adapter is live. */
export interface Providers {
  mail: MailProvider;
  sms: SmsProvider;
  botCheck: BotCheckProvider;
  files: FilesProvider;
  identity: IdentityProvider;
  bankLink: BankLinkProvider;
  rails: RailsProvider;
  cardVault: CardVaultProvider;
  accounting: AccountingRegistry;
}

export function createProviders(config: Config, deps: { database: Database; clock: Clock }): Providers {
  const mail =
    config.MAIL_PROVIDER === 'smtp' && config.SMTP_URL
      ? createSmtpMail({ url: config.SMTP_URL, from: config.MAIL_FROM })
      : createSandboxMail();
  const sms =
    config.SMS_PROVIDER === 'twilio' &&
    config.TWILIO_ACCOUNT_SID &&
    config.TWILIO_AUTH_TOKEN &&
    config.TWILIO_FROM
      ? createTwilioSms({
          accountSid: config.TWILIO_ACCOUNT_SID,
          authToken: config.TWILIO_AUTH_TOKEN,
          from: config.TWILIO_FROM,
        })
      : createSandboxSms();
  const botCheck =
    config.BOT_CHECK_PROVIDER === 'recaptcha' && config.RECAPTCHA_SECRET
      ? createRecaptchaBotCheck({ secret: config.RECAPTCHA_SECRET, minScore: config.RECAPTCHA_MIN_SCORE })
      : createSandboxBotCheck();
  const files =
    config.FILES_PROVIDER === 's3' && config.S3_BUCKET
      ? createS3Files({
          bucket: config.S3_BUCKET,
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        })
      : createLocalFiles({ root: config.filesDir });
  const identity =
    config.IDENTITY_PROVIDER === 'persona' &&
    config.PERSONA_API_KEY &&
    config.PERSONA_INDIVIDUAL_TEMPLATE_ID &&
    config.PERSONA_BUSINESS_TEMPLATE_ID
      ? createPersonaIdentity({
          apiKey: config.PERSONA_API_KEY,
          individualTemplateId: config.PERSONA_INDIVIDUAL_TEMPLATE_ID,
          businessTemplateId: config.PERSONA_BUSINESS_TEMPLATE_ID,
          webhookSecret: config.PERSONA_WEBHOOK_SECRET,
        })
      : createSandboxIdentity(deps);
  const achRails =
    config.RAILS_PROVIDER === 'modern-treasury' &&
    config.MODERN_TREASURY_API_KEY &&
    config.MODERN_TREASURY_ORGANIZATION_ID &&
    config.MODERN_TREASURY_INTERNAL_ACCOUNT_ID
      ? createModernTreasuryRails({
          apiKey: config.MODERN_TREASURY_API_KEY,
          organizationId: config.MODERN_TREASURY_ORGANIZATION_ID,
          internalAccountId: config.MODERN_TREASURY_INTERNAL_ACCOUNT_ID,
          webhookKey: config.MODERN_TREASURY_WEBHOOK_KEY ?? null,
          ...(config.MODERN_TREASURY_BASE_URL ? { baseURL: config.MODERN_TREASURY_BASE_URL } : {}),
          clock: deps.clock,
        })
      : createSandboxRails({ ...deps, config });
  // Card captures on Stripe (CARD_PROCESSOR=stripe), else on the ACH rails (the sandbox captures them).
  const rails =
    config.CARD_PROCESSOR === 'stripe' && config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? createCompositeRails({
          ach: achRails,
          cards: createStripeCardRails({
            secretKey: config.STRIPE_SECRET_KEY,
            webhookSecret: config.STRIPE_WEBHOOK_SECRET,
            clock: deps.clock,
          }),
        })
      : achRails;
  const bankLink =
    config.BANK_LINK_PROVIDER === 'plaid' && config.PLAID_CLIENT_ID && config.PLAID_SECRET
      ? createPlaidBankLink({
          clientId: config.PLAID_CLIENT_ID,
          secret: config.PLAID_SECRET,
          env: config.PLAID_ENV,
          webhookUrl: config.PLAID_WEBHOOK_URL ?? null,
          clock: deps.clock,
        })
      : createSandboxBankLink({ ...deps, secretBox: () => getDataSecretBox(config) });
  const cardVault =
    config.CARD_VAULT_PROVIDER === 'stripe' && config.STRIPE_SECRET_KEY
      ? createStripeCardVault({
          secretKey: config.STRIPE_SECRET_KEY,
          publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
        })
      : createSandboxCardVault({ ...deps, config });
  const qbo =
    config.QBO_CLIENT_ID && config.QBO_CLIENT_SECRET
      ? () =>
          createQuickBooksAccounting({
            clientId: config.QBO_CLIENT_ID as string,
            clientSecret: config.QBO_CLIENT_SECRET as string,
            environment: config.QBO_ENVIRONMENT,
            ...(config.QBO_WEBHOOK_VERIFIER_TOKEN
              ? { webhookVerifierToken: config.QBO_WEBHOOK_VERIFIER_TOKEN }
              : {}),
          })
      : undefined;
  const accounting = createAccountingRegistry({
    mode: config.ACCOUNTING_PROVIDER,
    sandboxBooks: () => createSandboxBooks(deps),
    live: {
      ...(qbo && config.QBO_ENVIRONMENT === 'production' ? { QBO: qbo } : {}),
      ...(qbo && config.QBO_ENVIRONMENT === 'sandbox' ? { QBO_SANDBOX: qbo } : {}),
      ...(config.FRESHBOOKS_CLIENT_ID && config.FRESHBOOKS_CLIENT_SECRET
        ? {
            FRESHBOOKS: () =>
              createFreshBooksAccounting({
                clientId: config.FRESHBOOKS_CLIENT_ID as string,
                clientSecret: config.FRESHBOOKS_CLIENT_SECRET as string,
              }),
          }
        : {}),
      ...(config.XERO_CLIENT_ID && config.XERO_CLIENT_SECRET
        ? {
            XERO: () =>
              createXeroAccounting({
                clientId: config.XERO_CLIENT_ID as string,
                clientSecret: config.XERO_CLIENT_SECRET as string,
                ...(config.XERO_WEBHOOK_KEY ? { webhookKey: config.XERO_WEBHOOK_KEY } : {}),
              }),
          }
        : {}),
      ...(config.ZOHO_CLIENT_ID && config.ZOHO_CLIENT_SECRET
        ? {
            ZOHOBOOKS: () =>
              createZohoBooksAccounting({
                clientId: config.ZOHO_CLIENT_ID as string,
                clientSecret: config.ZOHO_CLIENT_SECRET as string,
                accountsUrl: config.ZOHO_ACCOUNTS_URL,
              }),
          }
        : {}),
    },
  });
  return { mail, sms, botCheck, files, identity, rails, bankLink, cardVault, accounting };
}
