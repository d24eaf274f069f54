import { vaultTokenRequestSchema, vaultTokenSchema } from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, errorBodySchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { CardVaultError, type SandboxCardVault } from './card-vault.js';

/** Card data is tried by people typing: generous, but not a card-testing oracle. */
export const SANDBOX_VAULT_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

/**
 * The sandbox card vault's tokenisation API, standing in for the vendor's hosted card fields: the
 * browser posts the card here (never to Ferry's business routes) and gets a single-use token. Mounted
 * only while the sandbox is the live card vault; needs no Ferry session, like the vendor's API.
 */
export const sandboxCardVaultRoutes =
  (vault: SandboxCardVault): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/sandbox/card-vault/tokens',
      {
        config: { auth: 'none', rateLimit: SANDBOX_VAULT_RATE_LIMIT },
        schema: {
          tags: ['Sandbox'],
          summary: 'Sandbox card vault: tokenise a card (Stripe test numbers)',
          description:
            '4242424242424242 Visa credit, 4000056655665556 Visa debit, 5555555555554444 Mastercard credit, 5200828282828210 Mastercard debit, 5105105105105100 Mastercard prepaid, 378282246310005 Amex, 6011111111111117 Discover, 3056930009020004 Diners Club, 3566002020360505 JCB, 4000000000000002 declined (CARD_DECLINED). Any other number passing Luhn: brand by prefix, funding credit. Only a keyed fingerprint, brand, last 4, expiry and funding are kept.',
          body: vaultTokenRequestSchema,
          response: { 200: envelopeSchema(vaultTokenSchema), 422: errorBodySchema, ...errorResponses },
        },
      },
      async (request) => {
        try {
          return ok(await vault.tokenize(request.body), 'Card tokenised.');
        } catch (error) {
          if (
            error instanceof CardVaultError &&
            error.code !== 'UNAVAILABLE' &&
            error.code !== 'TOKEN_NOT_FOUND'
          ) {
            if (error.code === 'TOKEN_ALREADY_USED') throw new AppError('CONFLICT', error.message);
            throw new AppError(error.code, error.message);
          }
          throw error;
        }
      },
    );
  };
