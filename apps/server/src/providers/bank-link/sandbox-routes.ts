import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SENSITIVE_RATE_LIMIT } from '../../modules/auth/routes.js';
import { envelopeSchema, errorBodySchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { AppError, type ErrorBody } from '../../platform/http/errors.js';
import { BankLinkError } from './bank-link.js';
import { type SandboxBankLinkProvider, SandboxBankLinkRequestError } from './sandbox.js';

const institutionSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  primaryColor: z.string(),
  url: z.string(),
});

const accountSchema = z.object({
  id: z.string(),
  name: z.string(),
  mask: z.string(),
  subtype: z.string(),
});

const linkTokenField = z
  .string({ error: 'The link token is required.' })
  .trim()
  .min(1, { error: 'The link token is required.' })
  .max(200, { error: 'The link token is not valid.' });

const responses = { ...errorResponses, 409: errorBodySchema, 422: errorBodySchema } as const;

/**
 * Bank-link failures answer 422 with the bank-link code as errorCode (as the real modal reports
 * them); the sandbox's own request errors answer 404/409/400.
 */
function sendFailure(reply: FastifyReply, error: unknown) {
  if (error instanceof BankLinkError) {
    const body: ErrorBody = { message: error.message, statusCode: 422, errors: [], errorCode: error.code };
    return reply.code(422).send(body);
  }
  if (error instanceof SandboxBankLinkRequestError) {
    throw new AppError(error.kind, error.message);
  }
  throw error;
}

/**
 * The sandbox bank-link provider's modal API (the modal itself is Ferry's browser app). Mounted only
 * while the sandbox is the live bank-link provider. No Ferry sign-in: like the vendor's modal, it is
 * reached with the link token Ferry handed out (GET /business/{id}/banking/connection/token).
 */
export const sandboxBankLinkRoutes =
  (sandbox: SandboxBankLinkProvider): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sandbox/bank-link/institutions',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['Sandbox'],
          summary: 'Sandbox bank link: institutions to choose from (search by name)',
          querystring: z.object({
            linkToken: linkTokenField,
            query: z.string().trim().max(100, { error: 'The search is too long.' }).optional(),
          }),
          response: { 200: envelopeSchema(z.array(institutionSchema)), ...responses },
        },
      },
      async (request, reply) => {
        try {
          return ok(await sandbox.listInstitutions(request.query.linkToken, request.query.query));
        } catch (error) {
          return sendFailure(reply, error);
        }
      },
    );

    app.post(
      '/sandbox/bank-link/sessions',
      {
        config: { auth: 'none', rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags: ['Sandbox'],
          summary:
            'Sandbox bank link: sign in at an institution (user_good / pass_good; error_<CODE> reproduces a code)',
          body: z.object({
            linkToken: linkTokenField,
            institutionId: z
              .string({ error: 'Please choose a bank.' })
              .trim()
              .min(1, { error: 'Please choose a bank.' })
              .max(64, { error: 'This bank was not found.' }),
            username: z
              .string({ error: 'Username is required.' })
              .min(1, { error: 'Username is required.' })
              .max(100, { error: 'The username or password provided were not correct.' }),
            password: z
              .string({ error: 'Password is required.' })
              .min(1, { error: 'Password is required.' })
              .max(100, { error: 'The username or password provided were not correct.' }),
          }),
          response: {
            200: envelopeSchema(z.object({ sessionId: z.string(), accounts: z.array(accountSchema) })),
            ...responses,
          },
        },
      },
      async (request, reply) => {
        try {
          return ok(await sandbox.startSession(request.body), 'Signed in to the bank.');
        } catch (error) {
          return sendFailure(reply, error);
        }
      },
    );

    app.post(
      '/sandbox/bank-link/sessions/:sessionId/complete',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['Sandbox'],
          summary: 'Sandbox bank link: share the chosen accounts and get the one-time public token',
          params: z.object({ sessionId: z.string().max(64) }),
          body: z.object({
            accountIds: z
              .array(z.string().max(64), { error: 'Please choose at least one account.' })
              .max(20, { error: 'Too many accounts.' }),
          }),
          response: {
            200: envelopeSchema(
              z.object({
                publicToken: z.string(),
                institution: z.object({ id: z.string(), name: z.string() }),
                accounts: z.array(accountSchema),
              }),
            ),
            ...responses,
          },
        },
      },
      async (request, reply) => {
        try {
          return ok(
            await sandbox.completeSession(request.params.sessionId, request.body.accountIds),
            'Bank linked.',
          );
        } catch (error) {
          return sendFailure(reply, error);
        }
      },
    );
  };
