import { BANK_MESSAGES } from '@ferry/domain/catalogues';
import { getBankHolidaysBetween } from '@ferry/domain/dates';
import {
  addBankAccountRequestSchema,
  bankAccountListQuerySchema,
  bankAccountViewSchema,
  bankHolidaysQuerySchema,
  bankHolidaysViewSchema,
  bankInstrumentRequestSchema,
  bankLinkExchangeQuerySchema,
  bankLinkResultSchema,
  linkChartAccountRequestSchema,
  linkTokenViewSchema,
  reconnectRequestSchema,
  reconnectResultSchema,
  reconnectUrlQuerySchema,
  verifyMicroDepositRequestSchema,
} from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBusiness, getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorBodySchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { webhookRoute } from '../../platform/http/webhooks.js';
import { userActor } from '../activity/service.js';
import {
  createLinkToken,
  createReconnectToken,
  handleItemEvent,
  linkInstantly,
  reconnectBank,
} from './instant.js';
import './kinds.js';
import { sendMicroDeposits, verifyMicroDeposits } from './micro-deposits.js';
import {
  addManualBank,
  deleteBank,
  linkChartAccount,
  listBanks,
  markPrimary,
  unlinkChartAccount,
} from './service.js';

const params = z.object({ businessId: z.string() });
const READ = { business: { permission: ['read', 'PaymentMethod'] as ['read', 'PaymentMethod'] } };
const MANAGE = { business: { permission: ['manage', 'PaymentMethod'] as ['manage', 'PaymentMethod'] } };
const idempotencyHeaders = z.looseObject({ 'idempotency-key': z.string().optional() });
const withErrors = { 409: errorBodySchema, 422: errorBodySchema, ...errorResponses };

/** A business's own bank accounts (spec 002 §7 "Banks and cards", contract of issue 6). */
export const bankingRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/business/:businessId/banking/connection';

    app.get(
      '/business/:businessId/bank/accounts',
      {
        config: READ,
        schema: {
          tags: ['Banks'],
          summary: "The business's bank accounts (masks only)",
          description:
            'Default: usable banks. `blocked=true` adds banks whose connection expired (to reconnect); `unusable=true` adds rejected and unusable ones.',
          params,
          querystring: bankAccountListQuerySchema,
          response: { 200: envelopeSchema(z.array(bankAccountViewSchema)), ...errorResponses },
        },
      },
      async (request) =>
        ok(await listBanks(context, { businessId: getBusiness(request).businessId, query: request.query })),
    );

    app.get(
      `${base}/token`,
      {
        config: MANAGE,
        schema: {
          tags: ['Banks'],
          summary: 'A link token for the bank-link modal',
          params,
          response: { 200: envelopeSchema(linkTokenViewSchema), ...withErrors },
        },
      },
      async (request) =>
        ok(
          await createLinkToken(context, {
            businessId: getBusiness(request).businessId,
            userId: getUser(request).id,
          }),
        ),
    );

    app.get(
      `${base}/plaid`,
      {
        config: MANAGE,
        schema: {
          tags: ['Banks'],
          summary: 'Finish an instant bank link (exchange the public token, store the chosen accounts)',
          description:
            'A blocked institution (prepaid or neobank) answers bankDenied with reason BLOCKED_INSTITUTE and stores nothing. A bank-link failure is 422 with its code (ITEM_LOGIN_REQUIRED, NO_ACCOUNTS, …).',
          params,
          querystring: bankLinkExchangeQuerySchema,
          response: { 200: envelopeSchema(bankLinkResultSchema), ...withErrors },
        },
      },
      async (request) => {
        const result = await linkInstantly(context, {
          businessId: getBusiness(request).businessId,
          actor: userActor(getUser(request)),
          publicToken: request.query.tokenId,
          institutionId: request.query.bankInstituteId,
        });
        return ok(result, result.bankDenied ? BANK_MESSAGES.bankDenied : BANK_MESSAGES.linked);
      },
    );

    app.post(
      `${base}/account`,
      {
        config: { ...MANAGE, idempotency: 'required' },
        schema: {
          tags: ['Banks'],
          summary: 'Add a bank account by hand; micro-deposits verify it (needs an Idempotency-Key)',
          params,
          headers: idempotencyHeaders,
          body: addBankAccountRequestSchema,
          response: { 200: envelopeSchema(bankAccountViewSchema), ...withErrors },
        },
      },
      async (request) => {
        const view = await addManualBank(context, {
          businessId: getBusiness(request).businessId,
          actor: userActor(getUser(request)),
          request: request.body,
        });
        // Sent at once when the rails answer; otherwise the queued job sends them (same transfers).
        await sendMicroDeposits(context, view.id).catch((error: unknown) =>
          request.log.warn({ err: error, bankAccountId: view.id }, 'micro-deposits left to the job'),
        );
        return ok(view, BANK_MESSAGES.added);
      },
    );

    app.post(
      `${base}/account/verify`,
      {
        config: { ...MANAGE, idempotency: 'required' },
        schema: {
          tags: ['Banks'],
          summary: 'Verify a manual bank with its two deposited amounts (cents, 1–2 digits each)',
          description:
            '422 INVALID_MICRODEPOSIT (one attempt fewer), 422 VERIFY_ATTEMPTS_EXHAUSTED (bank rejected), 422 MICRO_DEPOSITS_EXPIRED, 409 MICRO_DEPOSITS_NOT_ARRIVED, 409 REQUEST_IN_PROGRESS.',
          params,
          headers: idempotencyHeaders,
          body: verifyMicroDepositRequestSchema,
          response: { 200: envelopeSchema(bankAccountViewSchema), ...withErrors },
        },
      },
      async (request) =>
        ok(
          await verifyMicroDeposits(context, {
            businessId: getBusiness(request).businessId,
            actor: userActor(getUser(request)),
            request: request.body,
          }),
          BANK_MESSAGES.verified,
        ),
    );

    app.patch(
      `${base}/mark-as-primary`,
      {
        config: MANAGE,
        schema: {
          tags: ['Banks'],
          summary: 'Make a verified bank the primary',
          params,
          body: bankInstrumentRequestSchema,
          response: { 200: envelopeSchema(z.array(bankAccountViewSchema)), ...withErrors },
        },
      },
      async (request) =>
        ok(
          await markPrimary(context, {
            businessId: getBusiness(request).businessId,
            actor: userActor(getUser(request)),
            bankId: request.body.paymentInstrumentId,
          }),
          BANK_MESSAGES.primaryUpdated,
        ),
    );

    app.patch(
      `${base}/link-account`,
      {
        config: MANAGE,
        schema: {
          tags: ['Banks'],
          summary: 'Link a bank to a BANK-type chart account (one bank per chart account)',
          params,
          body: linkChartAccountRequestSchema,
          response: { 200: envelopeSchema(bankAccountViewSchema), ...withErrors },
        },
      },
      async (request) =>
        ok(
          await linkChartAccount(context, {
            businessId: getBusiness(request).businessId,
            actor: userActor(getUser(request)),
            request: request.body,
          }),
          BANK_MESSAGES.chartLinked,
        ),
    );

    app.patch(
      `${base}/unlink-account`,
      {
        config: MANAGE,
        schema: {
          tags: ['Banks'],
          summary: 'Unlink a bank from its chart account',
          params,
          body: bankInstrumentRequestSchema,
          response: { 200: envelopeSchema(bankAccountViewSchema), ...withErrors },
        },
      },
      async (request) =>
        ok(
          await unlinkChartAccount(context, {
            businessId: getBusiness(request).businessId,
            actor: userActor(getUser(request)),
            bankId: request.body.paymentInstrumentId,
          }),
          BANK_MESSAGES.chartUnlinked,
        ),
    );

    app.delete(
      `${base}/account/:accountId`,
      {
        config: MANAGE,
        schema: {
          tags: ['Banks'],
          summary: 'Remove a bank account (already submitted payments are not affected)',
          params: params.extend({ accountId: z.string() }),
          response: { 200: envelopeSchema(z.object({ id: z.string() })), ...withErrors },
        },
      },
      async (request) =>
        ok(
          await deleteBank(context, {
            businessId: getBusiness(request).businessId,
            actor: userActor(getUser(request)),
            bankId: request.params.accountId,
          }),
          BANK_MESSAGES.removed,
        ),
    );

    app.post(
      `${base}/reconnect`,
      {
        config: MANAGE,
        schema: {
          tags: ['Banks'],
          summary: 'Re-check an instant bank after the link modal ran in update mode',
          params,
          body: reconnectRequestSchema,
          response: { 200: envelopeSchema(reconnectResultSchema), ...withErrors },
        },
      },
      async (request) => {
        const result = await reconnectBank(context, {
          businessId: getBusiness(request).businessId,
          actor: userActor(getUser(request)),
          bankId: request.body.accountId,
          publicToken: request.body.publicToken,
        });
        return ok(
          result,
          result.status === 'VERIFIED' ? BANK_MESSAGES.reconnected : BANK_MESSAGES.reconnectFailed,
        );
      },
    );

    app.get(
      `${base}/reconnect-url`,
      {
        config: MANAGE,
        schema: {
          tags: ['Banks'],
          summary: "An update-mode link token for an instant bank's connection",
          params,
          querystring: reconnectUrlQuerySchema,
          response: { 200: envelopeSchema(linkTokenViewSchema), ...withErrors },
        },
      },
      async (request) =>
        ok(
          await createReconnectToken(context, {
            businessId: getBusiness(request).businessId,
            userId: getUser(request).id,
            bankId: request.query.accountId,
          }),
        ),
    );

    app.get(
      '/bank-calendar-days/bank-holidays',
      {
        schema: {
          tags: ['Banks'],
          summary: 'Federal Reserve bank holidays between two dates (at most 3 years)',
          querystring: bankHolidaysQuerySchema,
          response: { 200: envelopeSchema(bankHolidaysViewSchema), ...errorResponses },
        },
      },
      async (request) => {
        getUser(request);
        return ok({ holidays: getBankHolidaysBetween(request.query.from, request.query.to) });
      },
    );
  };

/** The bank-link provider's item webhooks. */
export const bankLinkWebhookRoutes = (context: AppContext): FastifyPluginAsyncZod =>
  webhookRoute('/webhooks/bank-link', async ({ headers, rawBody }) => {
    const event = await context.providers.bankLink.verifyWebhook(headers, rawBody);
    if (!event) return false;
    await handleItemEvent(context, event);
    return true;
  });
