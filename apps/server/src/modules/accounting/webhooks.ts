import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { webhookRoute } from '../../platform/http/webhooks.js';
import type { AccountingProvider } from '../../providers/accounting/accounting.js';
import { requestSync } from './sync.js';
import { accountingConnections } from './tables.js';

/** Where a provider posts its change notifications: /api/webhooks/accounting/{qbo|xero|...}. */
export const accountingWebhookPath = (provider: Pick<AccountingProvider, 'type'>) =>
  `/webhooks/accounting/${provider.type.toLowerCase().replace('_', '-')}`;

/**
 * A verified notification starts a sync of each business connected to the organisation it names (one
 * run per business at a time: a sync already running simply covers it). An unverified one is 401.
 */
export async function handleAccountingWebhook(
  context: AppContext,
  provider: AccountingProvider,
  request: { rawBody: string; headers: Record<string, string | string[] | undefined> },
): Promise<boolean> {
  const events = await provider.verifyWebhook?.(request.headers, request.rawBody);
  if (!events) return false;
  const organisations = [...new Set(events.map((event) => event.organisationId))];
  for (const organisationId of organisations) {
    const connections = await context.database.db
      .select({ businessId: accountingConnections.businessId })
      .from(accountingConnections)
      .where(
        and(
          eq(accountingConnections.providerType, provider.type),
          eq(accountingConnections.organisationId, organisationId),
          eq(accountingConnections.status, 'CONNECTED'),
        ),
      );
    for (const connection of connections) {
      try {
        await requestSync(context, { businessId: connection.businessId, trigger: 'WEBHOOK', userId: null });
      } catch {
        // Expired or disconnected meanwhile: nothing to sync.
      }
    }
  }
  return true;
}

/** One webhook route per live provider that offers webhooks (Sandbox Books has none). */
export const accountingWebhookRoutes =
  (context: AppContext): FastifyPluginAsync =>
  async (app) => {
    for (const provider of context.providers.accounting.list()) {
      if (!provider.verifyWebhook) continue;
      await app.register(
        webhookRoute(accountingWebhookPath(provider), (request) =>
          handleAccountingWebhook(context, provider, request),
        ),
      );
    }
  };
