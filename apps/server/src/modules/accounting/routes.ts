import { chartAccountsQuerySchema, chartAccountViewSchema } from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBusiness } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { errorResponses, ok, pagedEnvelopeSchema } from '../../platform/http/envelope.js';
import { listChartAccounts } from './service.js';

/** The chart of accounts banks, cards and bills are linked to (spec 002 §7 "Banks and cards"). */
export const accountingRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/business/:businessId/accounting/accounts',
      {
        // Every member may read the chart: banks, cards and bills are all linked to it.
        config: { business: {} },
        schema: {
          tags: ['Accounting'],
          summary: "The business's chart accounts (Ferry's default chart until accounting is connected)",
          params: z.object({ businessId: z.string() }),
          querystring: chartAccountsQuerySchema,
          response: { 200: pagedEnvelopeSchema(chartAccountViewSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await listChartAccounts(context, {
            businessId: getBusiness(request).businessId,
            query: request.query,
          }),
        ),
    );
  };
