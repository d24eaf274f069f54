import {
  type ContactKind,
  contactListQuerySchema,
  contactPickerQuerySchema,
  customerRequestSchema,
  customerUpdateSchema,
  inlineContactSchema,
  taxIdRequestSchema,
  vendorRequestSchema,
  vendorUpdateSchema,
} from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getBusiness, getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { userActor } from '../activity/service.js';
import { AUTO_PAYMENT_SUBJECT_OF, assertAutoPaymentContactEdit } from '../auto-payments/contact-status.js';
import { CUSTOMER_MANAGE, CUSTOMER_READ, VENDOR_MANAGE, VENDOR_READ } from './access.js';
import {
  businessParams,
  contactPageResponses,
  contactParams,
  contactResponses,
  contactWriteResponses,
} from './route-schemas.js';
import { createContact, getContact, listContacts, setTaxId, updateContact } from './service.js';

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
    /** A page of vendors or customers: the list (search, sort) and the pickers share one answer. */
    const listRoute = (route: {
      path: string;
      type: ContactKind;
      read: typeof VENDOR_READ;
      tag: string;
      summary: string;
      querystring: typeof contactListQuerySchema | typeof contactPickerQuerySchema;
    }) =>
      app.get(
        route.path,
        {
          config: { business: { permission: route.read } },
          schema: {
            tags: [route.tag],
            summary: route.summary,
            params: businessParams,
            querystring: route.querystring,
            response: contactPageResponses,
          },
        },
        async (request) => {
          const business = getBusiness(request);
          return ok(
            await listContacts(context, {
              businessId: business.businessId,
              type: route.type,
              ability: business.ability,
              query: request.query,
            }),
          );
        },
      );

    for (const kind of KINDS) {
      const base = `/business/:businessId/accounting/contacts/${kind.plural}`;
      const noun = kind.type === 'VENDOR' ? 'vendor' : 'customer';

      listRoute({
        path: base,
        type: kind.type,
        read: kind.read,
        tag: kind.tag,
        summary: `List ${kind.plural} (search, sort, paging)`,
        querystring: contactListQuerySchema,
      });

      const adds = [
        { path: base, summary: `Add a ${noun}`, body: kind.createSchema, inline: false },
        {
          path: `${base}/inline`,
          summary: `Add a ${noun} from a picker (name and email; finalized later)`,
          body: inlineContactSchema,
          inline: true,
        },
      ];
      for (const add of adds) {
        app.post(
          add.path,
          {
            config: { business: { permission: kind.manage } },
            schema: {
              tags: [kind.tag],
              summary: add.summary,
              params: businessParams,
              body: add.body,
              response: contactWriteResponses,
            },
          },
          async (request) =>
            ok(
              await createContact(context, {
                businessId: getBusiness(request).businessId,
                type: kind.type,
                actor: userActor(getUser(request)),
                request: request.body,
                inline: add.inline,
              }),
              kind.createdMessage,
            ),
        );
      }

      app.get(
        `${base}/:contactId`,
        {
          config: { business: { permission: kind.read } },
          schema: {
            tags: [kind.tag],
            summary: `One ${noun}`,
            params: contactParams,
            response: contactResponses,
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
          // Manage on the type, or the auto-payment right of its side for a contact with an ACCEPTED
          // mapping (spec 002 §4 'Editing a contact needs manage or auto-payment status ACCEPTED').
          config: {
            business: { anyOf: [kind.manage, ['manage', AUTO_PAYMENT_SUBJECT_OF[kind.type]] as const] },
          },
          schema: {
            tags: [kind.tag],
            summary: `Edit (or finalize) a ${noun}: the fields given replace the stored ones`,
            params: contactParams,
            body: kind.updateSchema,
            response: contactWriteResponses,
          },
        },
        async (request) => {
          const business = getBusiness(request);
          if (!business.ability.can(...kind.manage)) {
            await assertAutoPaymentContactEdit(context.database.db, {
              businessId: business.businessId,
              contactId: request.params.contactId,
              type: kind.type,
            });
          }
          return ok(
            await updateContact(context, {
              businessId: business.businessId,
              contactId: request.params.contactId,
              type: kind.type,
              actor: userActor(getUser(request)),
              update: request.body,
            }),
            kind.updatedMessage,
          );
        },
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
          response: contactResponses,
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
      listRoute({
        path: `/business/:businessId/accounting/contacts/${path}`,
        type,
        read,
        tag,
        summary: `${tag} for a picker (page 1 of 100 by default, by name)`,
        querystring: contactPickerQuerySchema,
      });
    }
  };
