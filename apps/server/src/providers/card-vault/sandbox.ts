import { randomBytes } from 'node:crypto';
import type { CardBrand } from '@ferry/domain/catalogues';
import type { CardFunding } from '@ferry/domain/fees';
import {
  cardDigits,
  detectCardBrand,
  fromVaultBillingAddress,
  isCardExpiryValid,
  luhnValid,
  VAULT_ERROR_MESSAGES,
  type VaultErrorCode,
  type VaultToken,
  type VaultTokenRequest,
  vaultTokenRequestSchema,
} from '@ferry/domain/schemas';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import { getDataSecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/db/client.js';
import { CardVaultError, type SandboxCardVault, type VaultCard } from './card-vault.js';
import { type SandboxCardVaultTokenRow, sandboxCardVaultTokens } from './sandbox-tables.js';

/**
 * Stripe's test card numbers and how the sandbox vault treats them (any other number passing Luhn:
 * brand by prefix, funding credit).
 */
export const SANDBOX_TEST_CARDS: Record<string, { funding: CardFunding; error?: VaultErrorCode }> = {
  '4242424242424242': { funding: 'credit' },
  '4000056655665556': { funding: 'debit' },
  '5555555555554444': { funding: 'credit' },
  '5200828282828210': { funding: 'debit' },
  '5105105105105100': { funding: 'prepaid' },
  '378282246310005': { funding: 'credit' },
  '371449635398431': { funding: 'credit' },
  '6011111111111117': { funding: 'credit' },
  '6011981111111113': { funding: 'debit' },
  '3056930009020004': { funding: 'credit' },
  '36227206271667': { funding: 'credit' },
  '3566002020360505': { funding: 'credit' },
  /** Generic decline. */
  '4000000000000002': { funding: 'credit', error: 'CARD_DECLINED' },
  /** Expired card. */
  '4000000000000069': { funding: 'credit', error: 'INVALID_EXPIRY' },
  /** Incorrect security code. */
  '4000000000000127': { funding: 'credit', error: 'INVALID_CVC' },
};

const refuse = (code: VaultErrorCode) => new CardVaultError(code, VAULT_ERROR_MESSAGES[code]);

const toCard = (row: SandboxCardVaultTokenRow): VaultCard => ({
  tokenId: row.id,
  fingerprint: row.fingerprint,
  brand: row.brand as CardBrand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  funding: row.funding as CardFunding,
  name: row.name,
  billingAddress: row.billingAddress,
  customerId: row.customerId,
});

/**
 * The card vault that works offline. Its token route takes card data as the vendor's card fields
 * would; it checks the number (Luhn, 13–19 digits), the expiry and the security code, detects the
 * brand, and keeps only a keyed fingerprint, brand, last 4, expiry and funding.
 */
export function createSandboxCardVault(options: {
  database: Database;
  clock: Clock;
  config: Pick<Config, 'DATA_ENCRYPTION_KEY' | 'dataDir'>;
}): SandboxCardVault {
  const { db } = options.database;
  const fingerprintOf = (digits: string) =>
    getDataSecretBox(options.config).digest(`sandbox-card-vault:${digits}`).slice(0, 16);

  const find = async (tokenId: string) => {
    const [row] = await db
      .select()
      .from(sandboxCardVaultTokens)
      .where(eq(sandboxCardVaultTokens.id, tokenId))
      .limit(1);
    if (!row || row.detachedAt) throw new CardVaultError('TOKEN_NOT_FOUND', 'No such card token.');
    return row;
  };

  return {
    name: 'sandbox',
    publishableKey: null,

    async tokenize(input: VaultTokenRequest): Promise<VaultToken> {
      const request = vaultTokenRequestSchema.parse(input);
      const digits = cardDigits(request.number);
      if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) throw refuse('INVALID_NUMBER');
      const year = request.expYear < 100 ? 2000 + request.expYear : request.expYear;
      if (!isCardExpiryValid(request.expMonth, year, options.clock.now())) throw refuse('INVALID_EXPIRY');
      if (!/^\d{3,4}$/.test(request.cvc)) throw refuse('INVALID_CVC');
      const known = SANDBOX_TEST_CARDS[digits];
      if (known?.error) throw refuse(known.error);
      const id = `tok_${randomBytes(18).toString('base64url')}`;
      const row = {
        id,
        fingerprint: fingerprintOf(digits),
        brand: detectCardBrand(digits),
        last4: digits.slice(-4),
        expMonth: request.expMonth,
        expYear: year,
        funding: known?.funding ?? 'credit',
        name: request.name,
        billingAddress: fromVaultBillingAddress(request.billingAddress),
        createdAt: options.clock.now(),
      } satisfies typeof sandboxCardVaultTokens.$inferInsert;
      await db.insert(sandboxCardVaultTokens).values(row);
      return {
        tokenId: id,
        fingerprint: row.fingerprint,
        brand: row.brand,
        last4: row.last4,
        funding: row.funding,
      };
    },

    async retrieveToken(tokenId) {
      return toCard(await find(tokenId));
    },

    async ensureCustomer({ businessId, existingCustomerId }) {
      return existingCustomerId ?? `cus_sandbox_${businessId}`;
    },

    async attach({ tokenId, customerId }) {
      await find(tokenId);
      const [row] = await db
        .update(sandboxCardVaultTokens)
        .set({ customerId, attachedAt: options.clock.now() })
        .where(and(eq(sandboxCardVaultTokens.id, tokenId), isNull(sandboxCardVaultTokens.customerId)))
        .returning();
      if (!row) {
        throw new CardVaultError(
          'TOKEN_ALREADY_USED',
          'This card token has already been attached to a customer.',
        );
      }
      return toCard(row);
    },

    async detach({ tokenId }) {
      await db
        .update(sandboxCardVaultTokens)
        .set({ detachedAt: options.clock.now() })
        .where(and(eq(sandboxCardVaultTokens.id, tokenId), isNull(sandboxCardVaultTokens.detachedAt)));
    },
  };
}
