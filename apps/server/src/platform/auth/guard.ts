import {
  ACCESS_DENIED_MESSAGE,
  type Action,
  type AppAbility,
  BUILT_IN_ROLE_LABELS,
  defineAbilityFor,
  type Subject,
} from '@ferry/domain/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findMembership } from '../../modules/businesses/service.js';
import type { AppContext } from '../context.js';
import { AppError } from '../http/errors.js';

export interface BusinessContext {
  businessId: string;
  roleId: string;
  roleName: string;
  permissions: string[];
  ability: AppAbility;
}

export interface BusinessRouteConfig {
  /** The CASL right the route needs beyond membership, e.g. ['read', 'PayDueBill']. */
  permission?: [Action, Subject];
  /** Rights of which the route needs any one (a page several areas read), instead of `permission`. */
  anyOf?: readonly (readonly [Action, Subject])[];
  /** The business's built-in Admin role only (spec 002 §6: connecting accounting software). */
  adminOnly?: true;
}

declare module 'fastify' {
  interface FastifyRequest {
    business: BusinessContext | null;
  }
  interface FastifyContextConfig {
    /** Marks a route under /business/:businessId: membership (+ permission) is checked on the server. */
    business?: BusinessRouteConfig;
  }
}

/**
 * The OpenAPI extension of a business operation naming the right it needs: `{ action, subject }`,
 * `{ anyOf: [...] }`, or `{ membership: true }` when any member may call it. Together over the document:
 * the permission matrix.
 */
export const PERMISSION_EXTENSION = 'x-permission';

export type PublishedRight = { action: Action; subject: Subject };
export type PublishedPermission =
  | PublishedRight
  | { anyOf: PublishedRight[] }
  | { membership: true }
  | { role: typeof BUILT_IN_ROLE_LABELS.admin };

export const permissionOf = (config: BusinessRouteConfig): PublishedPermission => {
  if (config.adminOnly) return { role: BUILT_IN_ROLE_LABELS.admin };
  if (config.permission) return { action: config.permission[0], subject: config.permission[1] };
  if (config.anyOf) return { anyOf: config.anyOf.map(([action, subject]) => ({ action, subject })) };
  return { membership: true };
};

/** Whether an ability holds the right a route config names (membership alone when it names none). */
export const isAllowed = (ability: AppAbility, config: BusinessRouteConfig): boolean => {
  if (config.permission) return ability.can(config.permission[0], config.permission[1]);
  if (config.anyOf) return config.anyOf.some(([action, subject]) => ability.can(action, subject));
  return true;
};

/** The refusal of a right the member's role lacks (403, the spec's block message). */
export const accessDenied = () => new AppError('ACCESS_DENIED', ACCESS_DENIED_MESSAGE);

const ID = /^[0-9a-f]{24}$/;

export const BUSINESS_NOT_FOUND_MESSAGE = 'Business not found';

/** The business of the route, or 404 when the user is not a member (another business is invisible). */
export async function resolveBusiness(
  request: FastifyRequest,
  context: AppContext,
  config: BusinessRouteConfig,
): Promise<BusinessContext> {
  const businessId = (request.params as Record<string, string | undefined>).businessId;
  const user = request.auth?.user;
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  if (!businessId || !ID.test(businessId))
    throw new AppError('BUSINESS_NOT_FOUND', BUSINESS_NOT_FOUND_MESSAGE);
  const membership = await findMembership({ db: context.database.db, businessId, userId: user.id });
  if (membership?.status !== 'ACTIVE') {
    throw new AppError('BUSINESS_NOT_FOUND', BUSINESS_NOT_FOUND_MESSAGE);
  }
  const ability = defineAbilityFor(membership.permissions);
  if (config.adminOnly ? membership.roleName !== BUILT_IN_ROLE_LABELS.admin : !isAllowed(ability, config))
    throw accessDenied();
  return {
    businessId,
    roleId: membership.roleId,
    roleName: membership.roleName,
    permissions: membership.permissions,
    ability,
  };
}

/** Runs after the session is read (and after the rate limit): every route with `config.business` is guarded here. */
export function registerBusinessGuard(app: FastifyInstance, context: AppContext): void {
  app.decorateRequest('business', null);
  app.addHook('preValidation', async (request) => {
    const config = request.routeOptions.config?.business;
    if (!config) return;
    request.business = await resolveBusiness(request, context, config);
  });
}

/** The guarded business of a request (only call from routes with `config.business`). */
export function getBusiness(request: FastifyRequest): BusinessContext {
  if (!request.business) throw new Error('getBusiness called on a route without config.business');
  return request.business;
}

/** The signed-in user of a request (only call from routes that need a user). */
export function getUser(request: FastifyRequest) {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return request.auth.user;
}
