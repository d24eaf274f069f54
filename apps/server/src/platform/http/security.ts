import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { databaseRateLimitCounter } from '../rate-limit/counter.js';
import { sharedRateLimitStore } from '../rate-limit/store.js';
import type { ErrorBody } from './errors.js';

/** Vendors whose scripts and frames the pages may load: card vault, bank link, bot check. */
const VENDOR_SCRIPTS = [
  'https://js.stripe.com',
  'https://cdn.plaid.com',
  'https://www.google.com/recaptcha/',
  'https://www.gstatic.com/recaptcha/',
];
const VENDOR_FRAMES = [
  'https://js.stripe.com',
  'https://hooks.stripe.com',
  'https://cdn.plaid.com',
  'https://www.google.com/recaptcha/',
];
const VENDOR_CONNECT = ['https://api.stripe.com', 'https://*.plaid.com'];

/** Whether the request is for the API (`/api`, `/api/...`) rather than the web app's files. */
export const isApiUrl = (url: string): boolean =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export async function registerSecurity(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the PDF viewer (PDF.js) decode scanned images with WebAssembly; it
        // does not allow JavaScript eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...VENDOR_SCRIPTS],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...VENDOR_CONNECT],
        frameSrc: ["'self'", ...VENDOR_FRAMES],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(context.config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: context.config.isProduction,
    crossOriginEmbedderPolicy: false,
  });

  await app.register(rateLimit, {
    // Counted in the database, so every API process of a deployment shares each client's count.
    store: sharedRateLimitStore(databaseRateLimitCounter(context.database, context.clock)),
    // A counter that cannot be read (the database restarting) lets the request through: the limits
    // are a guard, and the request needs the database anyway.
    skipOnError: true,
    max: context.config.RATE_LIMIT_MAX,
    timeWindow: context.config.RATE_LIMIT_WINDOW_MS,
    // The limit is the API's: the web app's files (and its client-side routes) are not counted.
    allowList: (request) => !isApiUrl(request.url),
    errorResponseBuilder: (_request, details) =>
      ({
        message: 'Too many requests. Please try again later.',
        statusCode: 429,
        errors: [],
        errorCode: 'RATE_LIMITED',
        retryAfterMs: details.ttl,
      }) satisfies ErrorBody & { retryAfterMs: number },
  });
}
