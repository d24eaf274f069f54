import { clientConfigSchema } from '@ferry/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BOT_CHECK_ACTION } from '../../platform/bot-check.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, ok } from '../../platform/http/envelope.js';
import type { RailsProvider } from '../../providers/rails/rails.js';
import { isSandboxRails } from '../../providers/rails/sandbox.js';

/**
 * Whether this deployment runs the sandbox bank (the sandbox rails and their clock, `/sandbox/clock`):
 * never in production, never with a real rails provider. The browser shows its "Sandbox" badge only then.
 */
export const runsSandboxRails = (rails: RailsProvider, isProduction: boolean): boolean =>
  !isProduction && isSandboxRails(rails);

/** What the browser needs to know about this deployment before anyone signs in. */
export const clientConfigRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/client-config',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['Health'],
          summary:
            'Public settings for the browser: bot-check provider and site key, phone-verification countries, providers, whether the sandbox bank runs',
          response: { 200: envelopeSchema(clientConfigSchema) },
        },
      },
      async () =>
        ok({
          botCheck: {
            provider: context.config.BOT_CHECK_PROVIDER,
            siteKey: context.config.RECAPTCHA_SITE_KEY ?? null,
            action: BOT_CHECK_ACTION,
          },
          phoneVerificationCountries: context.config.PHONE_VERIFICATION_COUNTRIES,
          bankLink: { provider: context.providers.bankLink.name },
          cardVault: {
            provider: context.providers.cardVault.name,
            publishableKey: context.providers.cardVault.publishableKey,
          },
          sandbox: {
            rails: runsSandboxRails(context.providers.rails, context.config.isProduction),
            demo: context.config.sandboxProviders.length > 0,
          },
        }),
    );
  };
