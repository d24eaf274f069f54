import {
  sandboxCompanyRequestSchema,
  sandboxCompanySchema,
  sandboxConsentQuerySchema,
  sandboxConsentRequestSchema,
  sandboxConsentSchema,
  sandboxGrantSchema,
  sandboxRecordCreateSchema,
  sandboxRecordPatchSchema,
  sandboxRecordSchema,
  sandboxRecordsQuerySchema,
} from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertSameOriginCookieWrite } from '../../platform/auth/context.js';
import { getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorResponses, ok, pagedEnvelopeSchema } from '../../platform/http/envelope.js';
import type { SandboxBooks } from './sandbox.js';

const tags = ['Sandbox'];
const companyParams = z.object({ companyId: z.string().max(100) });
const recordParams = companyParams.extend({ recordId: z.string().max(100) });

/**
 * Sandbox Books' own API (the contract: packages/domain/src/schemas/sandbox-books-api.ts): the consent
 * page (public, reading the session when there is one: CONNECT needs it, SIGN_IN does not) and the
 * browse page of the signed-in user's companies. Mounted only where sandbox providers are allowed.
 * No answer ever carries a code's or a token's secret except the consent's redirect (the code).
 */
export const sandboxBooksRoutes =
  (sandbox: SandboxBooks, context: Pick<AppContext, 'config'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sandbox/books/consent',
      {
        config: { auth: 'none' },
        schema: {
          tags,
          summary: 'Sandbox Books: what the consent page shows (the signed-in user’s companies for CONNECT)',
          querystring: sandboxConsentQuerySchema,
          response: { 200: envelopeSchema(sandboxConsentSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(await sandbox.getConsent({ userId: request.auth?.user.id ?? null, ...request.query })),
    );

    app.post(
      '/sandbox/books/consent',
      {
        config: { auth: 'none' },
        schema: {
          tags,
          summary: 'Sandbox Books: allow or deny → where the browser goes (Ferry’s callback)',
          body: sandboxConsentRequestSchema,
          response: { 200: envelopeSchema(z.object({ redirectUrl: z.string() })), ...errorResponses },
        },
      },
      async (request) => {
        // A public route acting on the session: the cross-origin check of signed-in writes is ours.
        assertSameOriginCookieWrite(request, context);
        const answer = await sandbox.decideConsent({
          userId: request.auth?.user.id ?? null,
          request: request.body,
        });
        return ok(answer, request.body.decision === 'ALLOW' ? 'Access granted.' : 'Access denied.');
      },
    );

    app.get(
      '/sandbox/books/companies',
      {
        schema: {
          tags,
          summary: 'Sandbox Books: the signed-in user’s companies',
          response: { 200: envelopeSchema(z.array(sandboxCompanySchema)), ...errorResponses },
        },
      },
      async (request) => ok(await sandbox.listCompanies({ userId: getUser(request).id })),
    );

    app.post(
      '/sandbox/books/companies',
      {
        schema: {
          tags,
          summary: 'Sandbox Books: make a company (with sample books unless sample is false)',
          body: sandboxCompanyRequestSchema,
          response: { 201: envelopeSchema(sandboxCompanySchema), ...errorResponses },
        },
      },
      async (request, reply) => {
        const company = await sandbox.createCompany({ userId: getUser(request).id, ...request.body });
        return reply.code(201).send(ok(company, 'Company created.'));
      },
    );

    app.get(
      '/sandbox/books/companies/:companyId/records',
      {
        schema: {
          tags,
          summary: 'Sandbox Books: a company’s records of a kind (search by name, number, email)',
          params: companyParams,
          querystring: sandboxRecordsQuerySchema,
          response: { 200: pagedEnvelopeSchema(sandboxRecordSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await sandbox.listRecords({
            userId: getUser(request).id,
            companyId: request.params.companyId,
            ...request.query,
          }),
        ),
    );

    app.post(
      '/sandbox/books/companies/:companyId/records',
      {
        schema: {
          tags,
          summary: 'Sandbox Books: add a record (fields validated by kind)',
          params: companyParams,
          body: sandboxRecordCreateSchema,
          response: { 201: envelopeSchema(sandboxRecordSchema), ...errorResponses },
        },
      },
      async (request, reply) => {
        const record = await sandbox.createRecord({
          userId: getUser(request).id,
          companyId: request.params.companyId,
          ...request.body,
        });
        return reply.code(201).send(ok(record, 'Record created.'));
      },
    );

    app.patch(
      '/sandbox/books/companies/:companyId/records/:recordId',
      {
        schema: {
          tags,
          summary: 'Sandbox Books: change a record (merged with its fields, then validated)',
          params: recordParams,
          body: sandboxRecordPatchSchema,
          response: { 200: envelopeSchema(sandboxRecordSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await sandbox.updateRecord({
            userId: getUser(request).id,
            companyId: request.params.companyId,
            recordId: request.params.recordId,
            data: request.body.data,
          }),
          'Record updated.',
        ),
    );

    app.delete(
      '/sandbox/books/companies/:companyId/records/:recordId',
      {
        schema: {
          tags,
          summary: 'Sandbox Books: delete a record (it stays, inactive, so a sync sees the deletion)',
          params: recordParams,
          response: { 200: envelopeSchema(sandboxRecordSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await sandbox.deactivateRecord({
            userId: getUser(request).id,
            companyId: request.params.companyId,
            recordId: request.params.recordId,
          }),
          'Record deleted.',
        ),
    );

    app.get(
      '/sandbox/books/companies/:companyId/grants',
      {
        schema: {
          tags,
          summary: 'Sandbox Books: the grants (connections) covering a company',
          params: companyParams,
          response: { 200: envelopeSchema(z.array(sandboxGrantSchema)), ...errorResponses },
        },
      },
      async (request) =>
        ok(await sandbox.listGrants({ userId: getUser(request).id, companyId: request.params.companyId })),
    );

    app.post(
      '/sandbox/books/companies/:companyId/expire-tokens',
      {
        schema: {
          tags,
          summary: 'Sandbox Books: expire every grant of a company (its tokens are refused from now on)',
          params: companyParams,
          response: { 200: envelopeSchema(z.object({ expired: z.number().int() })), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await sandbox.expireTokens({ userId: getUser(request).id, companyId: request.params.companyId }),
          'Tokens expired.',
        ),
    );
  };
