import { z } from 'zod';

/**
 * The answers of the card routes (issue 6 contract, spec 002 §3, §7) are the domain's shared schemas;
 * the few answers the domain does not describe for this area are here.
 */
export {
  type CardFeeReason as FeeQuoteReason,
  type CardFunding,
  type CardView,
  cardViewSchema,
  type FeeQuote,
  feeQuoteSchema,
  type MerchantStatus,
  merchantStatusSchema,
  type VaultToken,
  vaultTokenSchema,
} from '@ferry/domain';

import { cardViewSchema } from '@ferry/domain';

export const cardListSchema = z.array(cardViewSchema);

/** An account of the books (`GET /business/{id}/accounting/accounts`). */
export const chartAccountSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    accountType: z.string(),
    number: z.string().nullable().optional(),
  })
  .loose();
export type ChartAccount = z.infer<typeof chartAccountSchema>;
export const chartAccountPageSchema = z.object({ items: z.array(chartAccountSchema) }).loose();

/** `GET /client-config` → `cardVault` (the sandbox when a deployment does not say). */
export const cardVaultConfigSchema = z
  .object({
    cardVault: z
      .object({
        provider: z.enum(['sandbox', 'stripe']),
        publishableKey: z.string().nullable().default(null),
      })
      .default({ provider: 'sandbox', publishableKey: null }),
  })
  .loose();
export type CardVaultConfig = z.infer<typeof cardVaultConfigSchema>['cardVault'];
