import {
  type ContactKind,
  contactListQuerySchema,
  contactPickerQuerySchema,
  contactViewSchema,
  customerRequestSchema,
  customerUpdateSchema,
  inlineContactSchema,
  taxIdRequestSchema,
  vendorRequestSchema,
  vendorUpdateSchema,
} from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBusiness, getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import {
  envelopeSchema,
  errorBodySchema,
  errorResponses,
  ok,
  pagedEnvelopeSchema,
} from '../../platform/http/envelope.js';
import { userActor } from '../activity/service.js';
import { CUSTOMER_MANAGE, CUSTOMER_READ, VENDOR_MANAGE, VENDOR_READ } from './access.js';
import { createContact, getContact, listContacts, setTaxId, updateContact } from './service.js';

const params = z.object({ businessId: z.string() });
const contactParams = params.extend({ contactId: z.string() });
const contactEnvelope = envelopeSchema(contactViewSchema);
const responses = { 200: contactEnvelope, 409: errorBodySchema, ...errorResponses };

interface Kind {
  type: ContactKind;
  plural: 'vendors' | 'customers';
  tag: string;
  read: typeof VENDOR_READ;
  manage: typeof VENDOR_MANAGE;
  createSchema: typeof vendorRequestSchema;
  updateSchema: typeof vendorUpdateSchema;
  createdMessage: string;
  updatedMessage: string;
}

const KINDS: Kind[] = [
  {
    type: 'VENDOR',
    plural: 'vendors',
    tag: 'Vendors',
    read: VENDOR_READ,
    manage: VENDOR_MANAGE,
    createSchema: vendorRequestSchema,
    updateSchema: vendorUpdateSchema,
    createdMessage: 'Successfully saved.',
    updatedMessage: 'Successfully saved.',
  },
  {
    type: 'CUSTOMER',
    plural: 'customers',
    tag: 'Customers',
    read: CUSTOMER_READ,
    manage: CUSTOMER_MANAGE,
    createSchema: customerRequestSchema,
    updateSchema: customerUpdateSchema,
    createdMessage: 'Customer added successfully.',
    updatedMessage: 'Customer details updated successfully.',
  },
];

/** Vendors and customers (spec 002 §7 "Contacts", under /business/{id}/accounting/contacts). */
export const contactRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    for (const kind of KINDS) {
      const base = `/business/:businessId/accounting/contacts/${kind.plural}`;
      const noun = kind.type === 'VENDOR' ? 'vendor' : 'customer';

      app.get(
        base,
        {
          config: { business: { permission: kind.read } },
          schema: {
            tags: [kind.tag],
            summary: `List ${kind.plural} (search, sort, paging)`,
            params,
            querystring: contactListQuerySchema,
            response: { 200: pagedEnvelopeSchema(contactViewSchema), ...errorResponses },
          },
        },
        async (request) => {
          const business = getBusiness(request);
          return ok(
            await listContacts(context, {
              businessId: business.businessId,
              type: kind.type,
              ability: business.ability,
              query: request.query,
            }),
          );
        },
      );

      app.post(
        base,
        {
          config: { business: { permission: kind.manage } },
          schema: {
            tags: [kind.tag],
            summary: `Add a ${noun}`,
            params,
            body: kind.createSchema,
            response: responses,
          },
        },
        async (request) =>
          ok(
            await createContact(context, {
              businessId: getBusiness(request).businessId,
              type: kind.type,
              actor: userActor(getUser(request)),
              request: request.body,
            }),
            kind.createdMessage,
          ),
      );

      app.post(
        `${base}/inline`,
        {
          config: { business: { permission: kind.manage } },
          schema: {
            tags: [kind.tag],
            summary: `Add a ${noun} from a picker (name and email; finalized later)`,
            params,
            body: inlineContactSchema,
            response: responses,
          },
        },
        async (request) =>
          ok(
            await createContact(context, {
              businessId: getBusiness(request).businessId,
              type: kind.type,
              actor: userActor(getUser(request)),
              request: request.body,
              inline: true,
            }),
            kind.createdMessage,
          ),
      );

      app.get(
        `${base}/:contactId`,
        {
          config: { business: { permission: kind.read } },
          schema: {
            tags: [kind.tag],
            summary: `One ${noun}`,
            params: contactParams,
            response: { 200: contactEnvelope, ...errorResponses },
          },
        },
        async (request) => {
          const business = getBusiness(request);
          return ok(
            await getContact(context, {
              businessId: business.businessId,
              contactId: request.params.contactId,
              type: kind.type,
              ability: business.ability,
            }),
          );
        },
      );

      app.patch(
        `${base}/:contactId`,
        {
          config: { business: { permission: kind.manage } },
          schema: {
            tags: [kind.tag],
            summary: `Edit (or finalize) a ${noun}: the fields given replace the stored ones`,
            params: contactParams,
            body: kind.updateSchema,
            response: responses,
          },
        },
        async (request) =>
          ok(
            await updateContact(context, {
              businessId: getBusiness(request).businessId,
              contactId: request.params.contactId,
              type: kind.type,
              actor: userActor(getUser(request)),
              update: request.body,
            }),
            kind.updatedMessage,
          ),
      );
    }

    app.patch(
      '/business/:businessId/accounting/contacts/vendors/:contactId/tax-id',
      {
        config: { business: { permission: VENDOR_MANAGE } },
        schema: {
          tags: ['Vendors'],
          summary: "Set a vendor's tax ID",
          params: contactParams,
          body: taxIdRequestSchema,
          response: { 200: contactEnvelope, ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await setTaxId(context, {
            businessId: getBusiness(request).businessId,
            contactId: request.params.contactId,
            actor: userActor(getUser(request)),
            taxId: request.body.taxId,
          }),
          'Tax ID updated.',
        ),
    );

    const pickers: [string, ContactKind, typeof VENDOR_READ, string][] = [
      ['bill-vendors', 'VENDOR', VENDOR_READ, 'Vendors'],
      ['invoice-customers', 'CUSTOMER', CUSTOMER_READ, 'Customers'],
    ];
    for (const [path, type, read, tag] of pickers) {
      app.get(
        `/business/:businessId/accounting/contacts/${path}`,
        {
          config: { business: { permission: read } },
          schema: {
            tags: [tag],
            summary: `${tag} for a picker (page 1 of 100 by default, by name)`,
            params,
            querystring: contactPickerQuerySchema,
            response: { 200: pagedEnvelopeSchema(contactViewSchema), ...errorResponses },
          },
        },
        async (request) => {
          const business = getBusiness(request);
          return ok(
            await listContacts(context, {
              businessId: business.businessId,
              type,
              ability: business.ability,
              query: request.query,
            }),
          );
        },
      );
    }
  };
