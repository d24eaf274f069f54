import { newYorkDate } from '@ferry/domain/payments';
import { defineAbilityFor } from '@ferry/domain/permissions';
import {
  sandboxClockAdvanceRequestSchema,
  sandboxClockAdvanceViewSchema,
  sandboxClockViewSchema,
  sandboxStatementViewSchema,
} from '@ferry/domain/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorResponses, ok } from '../../platform/http/envelope.js';
import type { SandboxRailsProvider } from '../../providers/rails/sandbox.js';
import { runAutoPayments } from '../auto-payments/engine.js';
import { findMembership } from '../businesses/service.js';
import { sendScheduledReminders } from '../payment-requests/sending.js';
import { runPaymentEngine } from '../payments/engine/jobs.js';
import { sweepMicroDeposits } from './micro-deposits.js';
import { bankNotFound, revealAccountNumber } from './service.js';
import { businessBankAccounts } from './tables.js';

/**
 * The sandbox rails' clock and the sandbox bank's statement (registered only with the sandbox rails,
 * outside production). Moving the clock settles what became due at once and lets Ferry's jobs notice.
 */
export const sandboxRailsRoutes =
  (context: AppContext, rails: SandboxRailsProvider): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sandbox/clock',
      {
        schema: {
          tags: ['Sandbox'],
          summary: "The sandbox bank's clock (the real clock plus an offset)",
          response: { 200: envelopeSchema(sandboxClockViewSchema), ...errorResponses },
        },
      },
      async () => {
        const clock = await rails.clock();
        return ok({ now: clock.now.toISOString(), offsetMs: clock.offsetMs, date: newYorkDate(clock.now) });
      },
    );

    app.post(
      '/sandbox/clock/advance',
      {
        schema: {
          tags: ['Sandbox'],
          summary:
            "Move the sandbox bank's clock forward; due transfers settle and the new day's scheduled payment-request reminders go out at once",
          body: sandboxClockAdvanceRequestSchema,
          response: { 200: envelopeSchema(sandboxClockAdvanceViewSchema), ...errorResponses },
        },
      },
      async (request) => {
        const result = await rails.advance(request.body);
        await sweepMicroDeposits(context);
        await runPaymentEngine(context);
        // The day's scheduled payment-request reminders, on the day the clock moved to.
        await sendScheduledReminders(context, { day: result.now });
        // Auto payments (issue 20): the invoices due within the notice days are claimed and paid on their
        // due date; the engine runs again so a payment due today goes out now; the 'after' mails follow.
        const auto = await runAutoPayments(context, { day: result.now });
        if (auto.made > 0) {
          await runPaymentEngine(context);
          await runAutoPayments(context, { day: result.now });
        }
        return ok(
          {
            now: result.now.toISOString(),
            offsetMs: result.offsetMs,
            date: newYorkDate(result.now),
            settled: result.settled,
          },
          `Sandbox clock moved to ${result.now.toISOString()}.`,
        );
      },
    );

    app.get(
      '/sandbox/bank/statement',
      {
        schema: {
          tags: ['Sandbox'],
          summary: "A bank account's statement at the sandbox bank (members with Payment Methods read)",
          querystring: z.object({ accountId: z.string().trim().min(1).max(64) }),
          response: { 200: envelopeSchema(sandboxStatementViewSchema), ...errorResponses },
        },
      },
      async (request) => {
        const user = getUser(request);
        const [bank] = /^[0-9a-f]{24}$/.test(request.query.accountId)
          ? await context.database.db
              .select()
              .from(businessBankAccounts)
              .where(eq(businessBankAccounts.id, request.query.accountId))
              .limit(1)
          : [];
        if (!bank) throw bankNotFound();
        const membership = await findMembership({
          db: context.database.db,
          businessId: bank.businessId,
          userId: user.id,
        });
        if (
          membership?.status !== 'ACTIVE' ||
          !defineAbilityFor(membership.permissions).can('read', 'PaymentMethod')
        ) {
          // Another business's bank is as unknown as a missing one.
          throw bankNotFound();
        }
        const [lines, clock] = await Promise.all([
          rails.statement({
            routingNumber: bank.routingNumber,
            accountNumber: revealAccountNumber(context, bank),
          }),
          rails.clock(),
        ]);
        return ok({
          bankName: bank.bankName,
          accountMask: bank.accountMask,
          now: clock.now.toISOString(),
          transactions: lines.map((line) => ({
            id: line.id,
            postedAt: line.postedAt?.toISOString() ?? null,
            description: line.description,
            amount: line.amountCents / 100,
            amountCents: line.amountCents,
            status: line.status,
          })),
        });
      },
    );
  };
