import { cashFlowSchema } from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBusiness } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { CASH_FLOW_IN, CASH_FLOW_OUT, cashFlow } from './service.js';

const params = z.object({ businessId: z.string() });

/** The cash-flow view of the Get Paid and Pay home (issue 19, "Beyond the anchors"). */
export const cashFlowRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/business/:businessId/cash-flow',
      {
        // Either side's readers; each side is then filled only for a member who may read it.
        config: { business: { anyOf: [CASH_FLOW_IN, CASH_FLOW_OUT] } },
        schema: {
          tags: ['Cash flow'],
          summary:
            'Money expected in (open invoices by due date, customers’ payments on their way) and going out (payments not yet sent) per week, for the next 8 weeks',
          description:
            'Needs read on Get Paid › Due Invoices or Pay › Payments; the side the member may not read is left at zero and `sides` says so.',
          params,
          response: { 200: envelopeSchema(cashFlowSchema), ...errorResponses },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        return ok(
          await cashFlow(context, {
            businessId: business.businessId,
            sides: { in: business.ability.can(...CASH_FLOW_IN), out: business.ability.can(...CASH_FLOW_OUT) },
          }),
        );
      },
    );
  };
