import {
  addCardRequestSchema,
  CARD_MESSAGES,
  cardIdRequestSchema,
  cardLinkAccountRequestSchema,
  cardViewSchema,
  feeQuoteRequestSchema,
  feeQuoteSchema,
  MERCHANT_API_MESSAGES,
  merchantApplicationRequestSchema,
  merchantStatusSchema,
  saqDetailsSchema,
  surchargeToggleSchema,
} from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBusiness, getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorBodySchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { userActor } from '../activity/service.js';
import { CARD_MANAGE, CARD_READ } from './access.js';
import { quoteFee } from './fee-quote.js';
import { getMerchantStatus, setSurcharge, submitMerchantApplication, submitSaqDetails } from './merchant.js';
import {
  addCard,
  deleteCard,
  linkCardAccount,
  listCards,
  markCardPrimary,
  unlinkCardAccount,
} from './service.js';

const params = z.object({ businessId: z.string() });
const idempotencyHeaders = z.looseObject({ 'idempotency-key': z.string().optional() });
const withErrors = { 409: errorBodySchema, 422: errorBodySchema, 503: errorBodySchema, ...errorResponses };

/** Cards for paying and card acceptance (spec 002 §7 "Banks and cards"). */
export const cardRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/business/:businessId/card-payment';

    app.get(
      `${base}/cards`,
      {
        config: { business: { permission: CARD_READ } },
        schema: {
          tags: ['Cards'],
          summary: "The business's saved cards (last 4 digits only; the primary first)",
          params,
          response: { 200: envelopeSchema(z.array(cardViewSchema)), ...errorResponses },
        },
      },
      async (request) => ok(await listCards(context, getBusiness(request).businessId)),
    );

    app.post(
      `${base}/card`,
      {
        config: { business: { permission: CARD_MANAGE }, idempotency: 'required' },
        schema: {
          tags: ['Cards'],
          summary: 'Add a card from a card-vault token (needs an Idempotency-Key)',
          description:
            'The card is described by the vault (never by the request) and attached to the business at the vault; a token is single use. 409 DUPLICATE_CARD when the same card (fingerprint) is on the business already; 422 for a token that is unknown, used, or does not match its fingerprint, and the vault codes CARD_DECLINED / INVALID_EXPIRY.',
          params,
          headers: idempotencyHeaders,
          body: addCardRequestSchema,
          response: { 200: envelopeSchema(cardViewSchema), ...withErrors },
        },
      },
      async (request) =>
        ok(
          await addCard(context, {
            businessId: getBusiness(request).businessId,
            actor: userActor(getUser(request)),
            request: request.body,
          }),
          CARD_MESSAGES.cardAdded,
        ),
    );

    app.patch(
      `${base}/card/primary`,
      {
        config: { business: { permission: CARD_MANAGE } },
        schema: {
          tags: ['Cards'],
          summary: 'Make a card the primary card; answers the card list',
          params,
          body: cardIdRequestSchema,
          response: { 200: envelopeSchema(z.array(cardViewSchema)), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await markCardPrimary(context, {
            businessId: getBusiness(request).businessId,
            actor: userActor(getUser(request)),
            cardId: request.body.cardId,
          }),
          CARD_MESSAGES.primaryUpdated,
        ),
    );

    app.patch(
      `${base}/card/link-account`,
      {
        config: { business: { permission: CARD_MANAGE } },
        schema: {
          tags: ['Cards'],
          summary: 'Link a card to a CREDIT_CARD account of the chart of accounts',
          params,
          body: cardLinkAccountRequestSchema,
          response: { 200: envelopeSchema(cardViewSchema), 422: errorBodySchema, ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await linkCardAccount(context, {
            businessId: getBusiness(request).businessId,
            actor: userActor(getUser(request)),
            ...request.body,
          }),
          CARD_MESSAGES.cardLinked,
        ),
    );

    app.patch(
      `${base}/card/unlink-account`,
      {
        config: { business: { permission: CARD_MANAGE } },
        schema: {
          tags: ['Cards'],
          summary: "Remove a card's link to the chart of accounts",
          params,
          body: cardIdRequestSchema,
          response: { 200: envelopeSchema(cardViewSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await unlinkCardAccount(context, {
            businessId: getBusiness(request).businessId,
            actor: userActor(getUser(request)),
            cardId: request.body.cardId,
          }),
          CARD_MESSAGES.cardUnlinked,
        ),
    );

    app.delete(
      `${base}/card/:cardId`,
      {
        config: { business: { permission: CARD_MANAGE } },
        schema: {
          tags: ['Cards'],
          summary: 'Remove a card (detached at the vault)',
          params: params.extend({ cardId: z.string() }),
          response: {
            200: envelopeSchema(z.object({ id: z.string() })),
            503: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request) =>
        ok(
          await deleteCard(context, {
            businessId: getBusiness(request).businessId,
            actor: userActor(getUser(request)),
            cardId: request.params.cardId,
          }),
          CARD_MESSAGES.cardRemoved,
        ),
    );

    app.get(
      `${base}/merchant-status`,
      {
        config: { business: { permission: CARD_READ } },
        schema: {
          tags: ['Card acceptance'],
          summary: 'Card acceptance: status, application, SAQ, surcharge and the eligible payout banks',
          params,
          response: { 200: envelopeSchema(merchantStatusSchema), ...errorResponses },
        },
      },
      async (request) => ok(await getMerchantStatus(context, getBusiness(request).businessId)),
    );

    app.post(
      `${base}/merchant`,
      {
        config: { business: { permission: CARD_MANAGE }, idempotency: 'required' },
        schema: {
          tags: ['Card acceptance'],
          summary: 'Apply to accept card payments (needs an Idempotency-Key)',
          description:
            'The website and business type may be left out when the business already gave them (see knownDetails of the status); they are filled in from its profile, verification and details. Needs a FULL_VERIFIED business (else 409 BUSINESS_NOT_VERIFIED) and a payout bank that is active, linked instantly and verified by the bank-link provider, and linked to the chart of accounts (else 422). The card processor decides right after (SAQ_PENDING or REJECTED); a rejected business may apply again.',
          params,
          headers: idempotencyHeaders,
          body: merchantApplicationRequestSchema(() => context.clock.now()),
          response: { 200: envelopeSchema(merchantStatusSchema), ...withErrors },
        },
      },
      async (request) =>
        ok(
          await submitMerchantApplication(context, {
            businessId: getBusiness(request).businessId,
            actor: userActor(getUser(request)),
            application: request.body,
          }),
          MERCHANT_API_MESSAGES.submitted,
        ),
    );

    app.patch(
      `${base}/saq-details`,
      {
        config: { business: { permission: CARD_MANAGE } },
        schema: {
          tags: ['Card acceptance'],
          summary: 'Sign the PCI Self-Assessment Questionnaire: card acceptance becomes ACTIVE for 365 days',
          params,
          body: saqDetailsSchema,
          response: { 200: envelopeSchema(merchantStatusSchema), 409: errorBodySchema, ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await submitSaqDetails(context, {
            businessId: getBusiness(request).businessId,
            actor: userActor(getUser(request)),
            saq: request.body,
          }),
          MERCHANT_API_MESSAGES.saqSubmitted,
        ),
    );

    app.patch(
      `${base}/surcharges/:surchargeId`,
      {
        config: { business: { permission: CARD_MANAGE } },
        schema: {
          tags: ['Card acceptance'],
          summary: 'Turn the card surcharge on or off (only while card acceptance is ACTIVE)',
          params: params.extend({ surchargeId: z.string() }),
          body: surchargeToggleSchema,
          response: { 200: envelopeSchema(merchantStatusSchema), 409: errorBodySchema, ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await setSurcharge(context, {
            businessId: getBusiness(request).businessId,
            actor: userActor(getUser(request)),
            surchargeId: request.params.surchargeId,
            enabled: request.body.enabled,
          }),
          MERCHANT_API_MESSAGES.surchargeUpdated,
        ),
    );

    app.post(
      `${base}/fee-quote`,
      {
        config: { business: { permission: CARD_READ } },
        schema: {
          tags: ['Card acceptance'],
          summary: 'The card fee this business would pay a payee (never cached)',
          description:
            'Surcharged only when the payee accepts cards with its surcharge on, the card is a credit card, and the payer is not in a state that bans surcharges; the rate is the lower of 3% and the processing cost. baseAmount in dollars (2 dp, at least 1.00).',
          params,
          body: feeQuoteRequestSchema,
          response: { 200: envelopeSchema(feeQuoteSchema), 422: errorBodySchema, ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await quoteFee(context, {
            businessId: getBusiness(request).businessId,
            payeeId: request.body.payeeId,
            baseCents: request.body.baseAmount,
            cardId: request.body.cardId,
          }),
        ),
    );
  };
