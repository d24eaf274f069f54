import type { Action, Subject } from '@ferry/domain/permissions';
import {
  type ContactKind,
  contactBusinessMappingExistRequestSchema,
  contactBusinessMappingRequestSchema,
  contactMappingExistsSchema,
  FBN_PRODUCTS,
  type FbnProduct,
  fbnLookupResultSchema,
  fbnSearchQuerySchema,
  networkBusinessSchema,
  networkContactRequestSchema,
  networkInvitationRequestSchema,
  networkSearchQuerySchema,
} from '@ferry/domain/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBusiness, getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorResponses, ok, pagedEnvelopeSchema } from '../../platform/http/envelope.js';
import { userActor } from '../activity/service.js';
import { publicOrigin } from '../invitations/service.js';
import { CONTACT_MANAGE_ANY, CUSTOMER_MANAGE, VENDOR_MANAGE } from './access.js';
import { inviteToNetwork } from './network-invitations.js';
import {
  addNetworkContact,
  fbnLookup,
  findNetworkMapping,
  linkContactToNetwork,
  resolveBodyBusiness,
  searchNetwork,
} from './network-service.js';
import { businessParams, contactWriteResponses } from './route-schemas.js';

/** The contact each fbn product looks for. */
const FBN_PICKER: Record<FbnProduct, string> = { payable: 'vendor', receivable: 'customer' };

/** Who may look up the network for each picker: its contacts' readers or the form's writers. */
const FBN_RIGHTS: Record<FbnProduct, [Action, Subject][]> = {
  payable: [
    ['read', 'PayManageVendors'],
    ['manage', 'PayDueBill'],
  ],
  receivable: [
    ['read', 'GetPaidManageCustomers'],
    ['manage', 'GetPaidDueInvoices'],
  ],
};

/** The Ferry business network: search, add a network business as a contact, link, invite (spec 002 §7). */
export const networkRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    /** The mapping calls name the business in the body: the same 404 as the guard unless a member. */
    const bodyBusiness = (request: FastifyRequest & { body: { businessId: string } }) =>
      resolveBodyBusiness(context, { userId: getUser(request).id, businessId: request.body.businessId });

    app.get(
      '/business/:businessId/search',
      {
        config: { business: {} },
        schema: {
          tags: ['Network'],
          summary: 'Search businesses on Ferry that allow discovery (at least 3 characters, 10 a page)',
          params: businessParams,
          querystring: networkSearchQuerySchema,
          response: { 200: pagedEnvelopeSchema(networkBusinessSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(await searchNetwork(context, { businessId: getBusiness(request).businessId, ...request.query })),
    );

    // GET /business/{id}/fbn/{product}: one route per product, each guarded by its own picker's rights.
    for (const product of FBN_PRODUCTS) {
      app.get(
        `/business/:businessId/fbn/${product}`,
        {
          config: { business: { anyOf: FBN_RIGHTS[product] } },
          schema: {
            tags: ['Network'],
            summary: `The ${FBN_PICKER[product]} picker’s network lookup (fbn/${product})`,
            description: `Businesses on Ferry that allow discovery, other than the caller, whose name contains searchTerm (at least 2 characters, at most 20 a page), each with the caller’s ${FBN_PICKER[product]} already linked to it.`,
            params: businessParams,
            querystring: fbnSearchQuerySchema,
            response: { 200: pagedEnvelopeSchema(fbnLookupResultSchema), ...errorResponses },
          },
        },
        async (request) =>
          ok(
            await fbnLookup(context, {
              businessId: getBusiness(request).businessId,
              product,
              query: request.query,
            }),
          ),
      );
    }

    const adders: [string, ContactKind, typeof VENDOR_MANAGE, string][] = [
      ['/business/:businessId/vendors/business', 'VENDOR', VENDOR_MANAGE, 'Vendor added successfully.'],
      [
        '/business/:businessId/accounting/contacts/fnb-vendor',
        'VENDOR',
        VENDOR_MANAGE,
        'Vendor added successfully.',
      ],
      [
        '/business/:businessId/customers/business',
        'CUSTOMER',
        CUSTOMER_MANAGE,
        'Customer added successfully.',
      ],
      [
        '/business/:businessId/accounting/contacts/fnb-customer',
        'CUSTOMER',
        CUSTOMER_MANAGE,
        'Customer added successfully.',
      ],
    ];
    for (const [path, type, permission, message] of adders) {
      app.post(
        path,
        {
          config: { business: { permission } },
          schema: {
            tags: ['Network'],
            summary: `Add a network business as a ${type === 'VENDOR' ? 'vendor' : 'customer'}`,
            params: businessParams,
            body: networkContactRequestSchema,
            response: contactWriteResponses,
          },
        },
        async (request) =>
          ok(
            await addNetworkContact(context, {
              businessId: getBusiness(request).businessId,
              type,
              actor: userActor(getUser(request)),
              networkBusinessId: request.body.fbnBusinessId,
            }),
            message,
          ),
      );
    }

    app.post(
      '/contact-business-mapping',
      {
        schema: {
          tags: ['Network'],
          summary: 'Link an existing contact of businessId to a network business',
          body: contactBusinessMappingRequestSchema,
          response: contactWriteResponses,
        },
      },
      async (request) => {
        const business = await bodyBusiness(request);
        return ok(
          await linkContactToNetwork(context, {
            ...business,
            actor: userActor(getUser(request)),
            contactId: request.body.contactId,
            networkBusinessId: request.body.mappedBusinessId,
          }),
          'Contact linked successfully.',
        );
      },
    );

    app.post(
      '/contact-business-mapping/exist',
      {
        schema: {
          tags: ['Network'],
          summary: 'Whether businessId already has a contact linked to a network business',
          body: contactBusinessMappingExistRequestSchema,
          response: { 200: envelopeSchema(contactMappingExistsSchema), ...errorResponses },
        },
      },
      async (request) => {
        const business = await bodyBusiness(request);
        return ok(
          await findNetworkMapping(context, {
            ...business,
            networkBusinessId: request.body.mappedBusinessId,
            type: request.body.entityType,
          }),
        );
      },
    );

    app.post(
      '/business/:businessId/network/invitations',
      {
        config: { business: CONTACT_MANAGE_ANY },
        schema: {
          tags: ['Network'],
          summary: 'Email vendors or customers an invitation to join Ferry',
          params: businessParams,
          body: networkInvitationRequestSchema,
          response: { 200: envelopeSchema(z.object({ sent: z.number().int() })), ...errorResponses },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        return ok(
          await inviteToNetwork(context, {
            businessId: business.businessId,
            ability: business.ability,
            actor: userActor(getUser(request)),
            contactIds: request.body.contactIds,
            origin: publicOrigin(context.config, request),
          }),
          'Invitations sent.',
        );
      },
    );
  };
