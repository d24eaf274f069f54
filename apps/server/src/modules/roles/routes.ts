import {
  createRoleSchema,
  roleSchema,
  rolesQuerySchema,
  roleWriteResultSchema,
  SETTINGS_API_MESSAGES,
  updateRoleSchema,
} from '@ferry/domain/schemas';
import type { FastifyRequest } from 'fastify';
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
import {
  type Caller,
  createRole,
  deleteRole,
  getRole,
  listRoles,
  ROLES_MANAGE,
  ROLES_READ,
  updateRole,
} from './service.js';

const businessParams = z.object({ businessId: z.string() });
const roleParams = businessParams.extend({ roleId: z.string() });

const writeResponses = {
  200: envelopeSchema(roleWriteResultSchema),
  ...errorResponses,
  409: errorBodySchema,
};

/** The signed-in member making the call, as the role rules see them. */
export function callerOf(request: FastifyRequest): Caller {
  const business = getBusiness(request);
  const user = getUser(request);
  return {
    userId: user.id,
    roleId: business.roleId,
    roleName: business.roleName,
    ability: business.ability,
    actor: userActor(user),
  };
}

/** Roles of a business (spec 001 §7 "Roles"): list, create, read, edit, delete. */
export const roleRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/business/:businessId/roles',
      {
        config: { business: { permission: ROLES_READ } },
        schema: {
          tags: ['Roles'],
          summary: 'List the roles of the business (paged, sorted), with how many users hold each',
          params: businessParams,
          querystring: rolesQuerySchema,
          response: { 200: pagedEnvelopeSchema(roleSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await listRoles(context.database.db, {
            businessId: getBusiness(request).businessId,
            query: request.query,
          }),
        ),
    );

    app.post(
      '/business/:businessId/role',
      {
        config: { business: { permission: ROLES_MANAGE } },
        schema: {
          tags: ['Roles'],
          summary:
            'Create a role. 409 ROLE_ALREADY_EXISTS (field name) when the name is taken (any case); 403 when it would hold a right the caller lacks.',
          params: businessParams,
          body: createRoleSchema,
          response: writeResponses,
        },
      },
      async (request) => {
        const role = await createRole(context, {
          businessId: getBusiness(request).businessId,
          caller: callerOf(request),
          body: request.body,
        });
        return ok({ message: SETTINGS_API_MESSAGES.roleCreated, role }, SETTINGS_API_MESSAGES.roleCreated);
      },
    );

    app.get(
      '/business/:businessId/role/:roleId',
      {
        config: { business: { permission: ROLES_READ } },
        schema: {
          tags: ['Roles'],
          summary: 'One role of the business',
          params: roleParams,
          response: { 200: envelopeSchema(roleSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await getRole(context.database.db, {
            businessId: getBusiness(request).businessId,
            roleId: request.params.roleId,
          }),
        ),
    );

    app.patch(
      '/business/:businessId/role/:roleId',
      {
        config: { business: { permission: ROLES_MANAGE } },
        schema: {
          tags: ['Roles'],
          summary:
            'Edit a role. 400 NO_CHANGES when nothing changed; 409 BUILT_IN_ROLE, ROLE_ALREADY_EXISTS or ROLE_CANNOT_BE_MODIFIED (its users approve payments); 403 for rights the caller lacks or their own role.',
          params: roleParams,
          body: updateRoleSchema,
          response: writeResponses,
        },
      },
      async (request) => {
        const role = await updateRole(context, {
          businessId: getBusiness(request).businessId,
          roleId: request.params.roleId,
          caller: callerOf(request),
          body: request.body,
        });
        return ok({ message: SETTINGS_API_MESSAGES.roleUpdated, role }, SETTINGS_API_MESSAGES.roleUpdated);
      },
    );

    app.delete(
      '/business/:businessId/role/:roleId',
      {
        config: { business: { permission: ROLES_MANAGE } },
        schema: {
          tags: ['Roles'],
          summary:
            'Delete a role. 409 BUILT_IN_ROLE, or ROLE_CANNOT_BE_MODIFIED while a member or pending invitation holds it.',
          params: roleParams,
          response: {
            200: envelopeSchema(z.object({ id: z.string() })),
            ...errorResponses,
            409: errorBodySchema,
          },
        },
      },
      async (request) => {
        await deleteRole(context, {
          businessId: getBusiness(request).businessId,
          roleId: request.params.roleId,
          caller: callerOf(request),
        });
        return ok({ id: request.params.roleId }, SETTINGS_API_MESSAGES.roleDeleted);
      },
    );
  };
