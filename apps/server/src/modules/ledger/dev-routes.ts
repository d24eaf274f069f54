import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { assertLedgerBalanced, LedgerError } from './service.js';

const ledgerCheckSchema = z
  .object({
    balanced: z.boolean(),
    transactions: z.number().int(),
    entries: z.number().int(),
    problem: z.string().nullable(),
  })
  .meta({ id: 'LedgerCheck' });

/**
 * `GET /dev/ledger/check`: whether the whole ledger balances (every transaction's entries sum to zero per
 * currency, none is empty), so browser journeys can prove it after moving money. Not registered in
 * production, like the dev outbox.
 */
export const devLedgerRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dev/ledger/check',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['Development'],
          summary: 'Whether the ledger balances (development only)',
          response: { 200: envelopeSchema(ledgerCheckSchema), ...errorResponses },
        },
      },
      async () => {
        try {
          const counts = await assertLedgerBalanced(context.database.db);
          return ok({ balanced: true, ...counts, problem: null });
        } catch (error) {
          if (!(error instanceof LedgerError)) throw error;
          return ok({ balanced: false, transactions: 0, entries: 0, problem: error.message });
        }
      },
    );
  };
