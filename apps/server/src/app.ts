import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { integrationRoutes } from './modules/accounting/integration-routes.js';
import { accountingRoutes } from './modules/accounting/routes.js';
import { accountingSignInRoutes } from './modules/accounting/sign-in-routes.js';
import { registerAccountingJobs } from './modules/accounting/sync.js';
import { accountingWebhookRoutes } from './modules/accounting/webhooks.js';
import { activityRoutes } from './modules/activity/routes.js';
import { approvalRoutes } from './modules/approvals/routes.js';
import { passwordRoutes } from './modules/auth/password-routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { signInRoutes } from './modules/auth/sign-in-routes.js';
import { registerAutoPaymentJobs } from './modules/auto-payments/engine.js';
import { autoPaymentRoutes } from './modules/auto-payments/routes.js';
import { autoPaymentRunRoutes } from './modules/auto-payments/run-routes.js';
import { registerBankingJobs } from './modules/banking/jobs.js';
import { bankingRoutes, bankLinkWebhookRoutes } from './modules/banking/routes.js';
import { sandboxRailsRoutes } from './modules/banking/sandbox-routes.js';
import { openBillsRollup } from './modules/bills/rollups.js';
import { billRoutes } from './modules/bills/routes.js';
import { businessRoutes } from './modules/businesses/routes.js';
import { businessSearchRoutes } from './modules/businesses/search-routes.js';
import { registerCardJobs } from './modules/cards/jobs.js';
import { cardRoutes } from './modules/cards/routes.js';
import { cashFlowRoutes } from './modules/cash-flow/routes.js';
import { clientConfigRoutes } from './modules/client-config/routes.js';
import { contactDocumentRoutes } from './modules/contacts/documents-routes.js';
import { networkRoutes } from './modules/contacts/network-routes.js';
import { contactRoutes } from './modules/contacts/routes.js';
import { guestRoutes } from './modules/guest/routes.js';
import { registerGuestScope } from './modules/guest/scope.js';
import { healthRoutes } from './modules/health/routes.js';
import { invitationRoutes } from './modules/invitations/routes.js';
import { invoiceRoutes } from './modules/invoices/routes.js';
import { devLedgerRoutes } from './modules/ledger/dev-routes.js';
import { registerNotificationJobs } from './modules/notifications/jobs.js';
import { devOutboxRoutes } from './modules/notifications/routes.js';
import { otpRoutes } from './modules/otp/routes.js';
import { signInOtpRoutes } from './modules/otp/sign-in-routes.js';
import { paymentRequestRoutes, sandboxPaymentRequestRoutes } from './modules/payment-requests/routes.js';
import { registerPaymentRequestJobs } from './modules/payment-requests/sending.js';
import { reviewRollup } from './modules/payment-requests/service.js';
import { registerPaymentEngineJobs } from './modules/payments/engine/jobs.js';
import { paymentRoutes, railsWebhookRoutes } from './modules/payments/routes.js';
import { paymentStatusRollup } from './modules/payments/service.js';
import { practiceRoutes } from './modules/practice/routes.js';
import { preferenceRoutes } from './modules/preferences/routes.js';
import { roleRoutes } from './modules/roles/routes.js';
import { businessUserRoutes } from './modules/users/business-users-routes.js';
import { mobileNumberRoutes } from './modules/users/mobile-number-routes.js';
import { userRoutes } from './modules/users/routes.js';
import { tourRoutes } from './modules/users/tour-routes.js';
import { vendorBankRoutes } from './modules/vendor-banks/routes.js';
import { registerVerificationJobs } from './modules/verification/jobs.js';
import { identityWebhookRoutes, verificationRoutes } from './modules/verification/routes.js';
import { sandboxIdentityRoutes } from './modules/verification/sandbox-routes.js';
import { registerAuthContext } from './platform/auth/context.js';
import {
  type BusinessRouteConfig,
  PERMISSION_EXTENSION,
  permissionOf,
  registerBusinessGuard,
} from './platform/auth/guard.js';
import type { AppContext } from './platform/context.js';
import { compactAllRollups } from './platform/db/rollups.js';
import { frameworkErrorHandler, registerErrorHandling } from './platform/http/error-handler.js';
import type { ErrorBody } from './platform/http/errors.js';
import { registerInputGuard } from './platform/http/input-guard.js';
import { registerSecurity } from './platform/http/security.js';
import { purgeExpiredIdempotencyKeys, registerIdempotency } from './platform/idempotency/idempotency.js';
import { APP_VERSION } from './platform/version.js';
import { sandboxBooksRoutes } from './providers/accounting/sandbox-routes.js';
import { isSandboxBankLink } from './providers/bank-link/sandbox.js';
import { sandboxBankLinkRoutes } from './providers/bank-link/sandbox-routes.js';
import { isSandboxCardVault } from './providers/card-vault/card-vault.js';
import { sandboxCardVaultRoutes } from './providers/card-vault/sandbox-routes.js';
import { isSandboxIdentity } from './providers/identity/sandbox.js';
import { isSandboxRails } from './providers/rails/sandbox.js';

const REQUEST_ID = /^[A-Za-z0-9_\-:.]{1,64}$/;

/** TRUST_PROXY as Fastify takes it: false, a hop count (as Fastify does with a number), or addresses. */
export function trustProxyOption(
  setting: false | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** The built web app: `WEB_DIST` when set (a build kept elsewhere), else apps/web/dist beside the server. */
export function findWebDist(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dist = process.env.WEB_DIST
    ? path.resolve(process.env.WEB_DIST)
    : path.resolve(here, '../../web/dist');
  return fs.existsSync(path.join(dist, 'index.html')) ? dist : null;
}

/** Where Vite writes the content-hashed files of the web build. */
const WEB_ASSETS_DIR = 'assets';

/**
 * Cache-Control of a file of the web build: hashed assets never change under their name (a year,
 * immutable); `index.html`, which names the current ones, is revalidated on every load; other files
 * (favicon) for an hour.
 */
export function webCacheControl(webDist: string, filePath: string): string {
  const relative = (path.isAbsolute(filePath) ? path.relative(webDist, filePath) : filePath)
    .split(path.sep)
    .join('/')
    .replace(/^\/+/, '');
  if (relative.startsWith(`${WEB_ASSETS_DIR}/`)) return 'public, max-age=31536000, immutable';
  if (/^index\.html(\.(br|gz))?$/.test(relative)) return 'no-cache';
  return 'public, max-age=3600';
}

/** The summaries kept as append-only rollups (platform/db/rollups.ts). */
export const SUMMARY_ROLLUPS = [openBillsRollup, reviewRollup, paymentStatusRollup];

/** Declares every job of every module (before the queue starts). */
export function registerJobs(context: AppContext): void {
  registerNotificationJobs(context);
  registerVerificationJobs(context);
  registerCardJobs(context);
  registerBankingJobs(context);
  registerPaymentEngineJobs(context);
  registerPaymentRequestJobs(context);
  registerAutoPaymentJobs(context);
  registerAccountingJobs(context);
  // Every 10 minutes: the summaries' appended rollup rows folded in, for businesses seldom read.
  context.jobs.register(
    'rollups.fold',
    async () => {
      await compactAllRollups(context.database.db, SUMMARY_ROLLUPS);
    },
    { cron: '*/10 * * * *' },
  );
  context.jobs.register(
    'idempotency.purge',
    async () => {
      await purgeExpiredIdempotencyKeys(context);
    },
    { cron: '17 * * * *' },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** `stopping` is set when a graceful stop begins: health answers 503 and connections are not kept. */
    lifecycle: { stopping: boolean };
  }
}

export interface BuildAppOptions {
  logger: Logger;
  /** Serve the built web app and its client-side routes (default: when built). */
  webDist?: string | null;
  /** Register test-only routes before the app is sealed (tests of the platform). */
  extraRoutes?: (app: FastifyInstance) => Promise<void> | void;
}

/** Builds the HTTP application; tests call this with a test database and clock. */
export async function buildApp(context: AppContext, options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    bodyLimit: context.config.BODY_LIMIT_BYTES,
    requestIdHeader: 'request-id',
    genReqId: (request) => {
      const header = request.headers['request-id'];
      return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
    },
    // Only the proxies TRUST_PROXY names (none by default): otherwise a client's own X-Forwarded-For
    // would choose the address every per-client rate limit counts by.
    trustProxy: trustProxyOption(context.config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A graceful stop (SIGTERM, main.ts): from its start — the drain, then the close — every answer, those
  // of requests already in flight included, says `Connection: close`. Fastify closes only the sockets idle
  // when the close starts; a kept-alive socket whose answer ends later would hold the close open for the
  // whole keep-alive timeout.
  app.decorate('lifecycle', { stopping: false });
  app.addHook('preClose', async () => {
    app.lifecycle.stopping = true;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('request-id', request.id);
    if (app.lifecycle.stopping) reply.header('connection', 'close');
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });

  registerErrorHandling(app);
  registerInputGuard(app);
  await app.register(cookie);
  await registerSecurity(app, context);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Ferry API',
        version: APP_VERSION,
        description:
          'Business payments: pay vendors, get paid, approvals, banks, cards and accounting sync. Every answer is `{ status, message, data }` or the error object `{ message, statusCode, errors, errorCode }`.',
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'Session token, sent with the session-id header',
          },
          sessionId: { type: 'apiKey', in: 'header', name: 'session-id' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'ferry_session' },
        },
      },
      security: [{ session: [], sessionId: [] }, { cookie: [] }],
    },
    // Public operations (`config: { auth: 'none' }`) need no session: `security: []` overrides the default.
    // Business operations publish the right they need (`x-permission`): the permission matrix.
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      const config = input.route.config as { auth?: string; business?: BusinessRouteConfig } | undefined;
      const schema: Record<string, unknown> = { ...result.schema };
      if (config?.auth === 'none') schema.security = [];
      if (config?.business) schema[PERMISSION_EXTENSION] = permissionOf(config.business);
      return { ...result, schema };
    },
    transformObject: jsonSchemaTransformObject,
  });
  // The reference is long: a filter box narrows it to one area (by tag).
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { filter: true } });
  app.get('/api/openapi.json', { config: { auth: 'none' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  registerAuthContext(app, context);
  registerGuestScope(app);
  registerBusinessGuard(app, context);
  registerIdempotency(app, context);

  await app.register(
    async (api) => {
      await api.register(healthRoutes(context));
      await api.register(clientConfigRoutes(context));
      await api.register(authRoutes(context));
      await api.register(userRoutes(context));
      await api.register(otpRoutes(context));
      await api.register(signInRoutes(context));
      await api.register(signInOtpRoutes(context));
      await api.register(mobileNumberRoutes(context));
      await api.register(businessRoutes(context));
      await api.register(passwordRoutes(context));
      await api.register(invitationRoutes(context));
      await api.register(businessSearchRoutes(context));
      await api.register(preferenceRoutes(context));
      await api.register(tourRoutes(context));
      await api.register(verificationRoutes(context));
      await api.register(identityWebhookRoutes(context));
      await api.register(contactRoutes(context));
      await api.register(contactDocumentRoutes(context));
      await api.register(networkRoutes(context));
      await api.register(vendorBankRoutes(context));
      await api.register(activityRoutes(context));
      await api.register(cardRoutes(context));
      await api.register(bankingRoutes(context));
      await api.register(bankLinkWebhookRoutes(context));
      await api.register(accountingWebhookRoutes(context));
      await api.register(railsWebhookRoutes(context));
      await api.register(accountingRoutes(context));
      await api.register(integrationRoutes(context));
      await api.register(accountingSignInRoutes(context));
      await api.register(billRoutes(context));
      await api.register(invoiceRoutes(context));
      await api.register(cashFlowRoutes(context));
      await api.register(paymentRoutes(context));
      await api.register(paymentRequestRoutes(context));
      await api.register(practiceRoutes(context));
      await api.register(roleRoutes(context));
      await api.register(approvalRoutes(context));
      await api.register(businessUserRoutes(context));
      await api.register(guestRoutes(context));
      await api.register(autoPaymentRoutes(context));
      await api.register(autoPaymentRunRoutes(context));
      if (isSandboxRails(context.providers.rails) && !context.config.isProduction) {
        await api.register(sandboxRailsRoutes(context, context.providers.rails));
        await api.register(sandboxPaymentRequestRoutes(context));
      }
      if (isSandboxIdentity(context.providers.identity)) {
        await api.register(sandboxIdentityRoutes(context, context.providers.identity));
      }
      if (isSandboxBankLink(context.providers.bankLink)) {
        await api.register(sandboxBankLinkRoutes(context.providers.bankLink));
      }
      if (context.providers.accounting.sandboxBooks) {
        await api.register(sandboxBooksRoutes(context.providers.accounting.sandboxBooks, context));
      }
      if (isSandboxCardVault(context.providers.cardVault)) {
        await api.register(sandboxCardVaultRoutes(context.providers.cardVault));
      }
      if (!context.config.isProduction) {
        await api.register(devOutboxRoutes(context));
        await api.register(devLedgerRoutes(context));
      }
    },
    { prefix: '/api' },
  );
  if (options.extraRoutes) await options.extraRoutes(app);

  const webDist =
    options.webDist === undefined ? (context.config.SERVE_WEB ? findWebDist() : null) : options.webDist;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes `.br` and `.gz` beside each asset (apps/web/precompress.ts): the one the
      // browser accepts is sent, with `Vary: Accept-Encoding`; they are not routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('cache-control', webCacheControl(webDist, filePath)),
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // A missing hashed asset (an old tab asking for a chunk of an earlier build) is a 404, not the page.
    const isAsset = request.url.startsWith(`/${WEB_ASSETS_DIR}/`);
    if (!isApi && !isAsset && webDist && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client-side routes: the single page app decides what to show (including its own not-found page).
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const body: ErrorBody = {
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      statusCode: 404,
      errors: [],
      errorCode: 'ROUTE_NOT_FOUND',
    };
    return reply.code(404).send(body);
  });

  return app;
}
