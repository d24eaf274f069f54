import {
  type BusinessFeatureState,
  businessFeatures,
  businessOnboardingState,
  isBusinessFullyVerified,
} from '@ferry/domain/catalogues';
import {
  type Action,
  ADMIN_PERMISSIONS,
  READ_ONLY_PERMISSIONS,
  type Subject,
} from '@ferry/domain/permissions';
import { type BusinessDetailsRequest, SETTINGS_API_MESSAGES } from '@ferry/domain/schemas';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { type AccountingConnectionRow, accountingConnections } from '../accounting/tables.js';
import { roles } from '../roles/tables.js';
import { type BusinessRow, businesses, businessMembers } from './tables.js';

export interface Membership {
  businessId: string;
  roleId: string;
  roleName: string;
  permissions: string[];
  status: string;
}

export async function findMembership(options: {
  db: DbOrTx;
  businessId: string;
  userId: string;
}): Promise<Membership | null> {
  const rows = await options.db
    .select({
      businessId: businessMembers.businessId,
      roleId: businessMembers.roleId,
      status: businessMembers.status,
      roleName: roles.name,
      permissions: roles.permissions,
    })
    .from(businessMembers)
    .innerJoin(roles, eq(roles.id, businessMembers.roleId))
    .where(
      and(eq(businessMembers.businessId, options.businessId), eq(businessMembers.userId, options.userId)),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** The verification step of a business nobody has started verifying; only then can its details change. */
export const NOT_INITIATED = 'NOT_INITIATED';

/**
 * The right that governs editing the business itself (details while onboarding, the business profile,
 * the logo). The permission model (spec 001 §3) has no business-profile subject; managing Users and
 * Roles is the administrator's right (whoever holds it can grant themselves anything), so it governs
 * this too. Every member may read.
 */
export const BUSINESS_PROFILE_PERMISSION: [Action, Subject] = ['manage', 'Users'];

export const DETAILS_LOCKED_MESSAGE =
  'The business name and type can no longer be changed because business verification has started.';
export const ACCOUNT_NOT_READY_MESSAGE = 'Please finish setting up your account before adding a business.';

export interface BusinessSummary {
  id: string;
  businessId: string;
  businessName: string;
  businessType: string | null;
  category: string | null;
  country: string | null;
  verificationStep: string;
  status: string | null;
  /** Onboarding state of spec 000 §3 (KYC_PENDING … EARN_REWARDS). */
  onboardingState: string;
  role: string;
  permissions: string[];
  /** Name and type can no longer change: business verification has started (spec 000 §4). */
  detailsLocked: boolean;
  /** Accounting-mapping state (spec 000 §3); always false until accounting connections exist. */
  isMappingPending: boolean;
  /** The connected accounting provider (spec 000 §3), or null. */
  provider: string | null;
  /** Spec 002 §3: the business's connections (its accounting software, when connected or expired). */
  businessConnections: { integrationType: 'ACCOUNTING'; status: 'CONNECTED' | 'EXPIRED' }[];
  syncStatus: string | null;
  syncDate: string | null;
  autoSync: boolean;
  createdAt: string;
}

type ConnectionSummary = Pick<
  AccountingConnectionRow,
  'providerType' | 'status' | 'syncStatus' | 'lastSyncAt' | 'autoSync'
> | null;

const connectionColumns = {
  providerType: accountingConnections.providerType,
  status: accountingConnections.status,
  syncStatus: accountingConnections.syncStatus,
  lastSyncAt: accountingConnections.lastSyncAt,
  autoSync: accountingConnections.autoSync,
};

/** The live accounting connection of each business (at most one that is not DISCONNECTED). */
const liveConnectionJoin = (businessId: typeof businesses.id) =>
  and(eq(accountingConnections.businessId, businessId), ne(accountingConnections.status, 'DISCONNECTED'));

function toSummary(
  business: BusinessRow,
  role: { name: string; permissions: string[] },
  connection: ConnectionSummary = null,
): BusinessSummary {
  return {
    id: business.id,
    businessId: business.id,
    businessName: business.businessName,
    businessType: business.businessType,
    category: business.category,
    country: business.country,
    verificationStep: business.verificationStep,
    status: business.verificationStatus,
    onboardingState: businessOnboardingState({
      verificationStep: business.verificationStep,
      status: business.verificationStatus,
      isMappingPending: false,
    }),
    role: role.name,
    permissions: role.permissions,
    detailsLocked: business.verificationStep !== NOT_INITIATED,
    isMappingPending: false,
    provider: connection?.providerType ?? null,
    businessConnections:
      connection && connection.status !== 'DISCONNECTED'
        ? [{ integrationType: 'ACCOUNTING', status: connection.status }]
        : [],
    syncStatus: connection?.syncStatus ?? null,
    syncDate: connection?.lastSyncAt?.toISOString() ?? null,
    autoSync: connection?.autoSync ?? false,
    createdAt: business.createdAt.toISOString(),
  };
}

/** The businesses a user belongs to, oldest membership first. */
export async function listBusinessesForUser(options: {
  db: DbOrTx;
  userId: string;
}): Promise<BusinessSummary[]> {
  const rows = await options.db
    .select({
      business: businesses,
      role: { name: roles.name, permissions: roles.permissions },
      connection: connectionColumns,
    })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .innerJoin(roles, eq(roles.id, businessMembers.roleId))
    .leftJoin(accountingConnections, liveConnectionJoin(businesses.id))
    .where(and(eq(businessMembers.userId, options.userId), eq(businessMembers.status, 'ACTIVE')))
    .orderBy(asc(businessMembers.createdAt), asc(businessMembers.id));
  return rows.map((row) =>
    toSummary(row.business, row.role, row.connection?.providerType ? row.connection : null),
  );
}

/** One business, shown with the member's role (which the business guard has already resolved). */
export async function getBusinessSummary(options: {
  db: DbOrTx;
  businessId: string;
  role: { name: string; permissions: string[] };
}): Promise<BusinessSummary> {
  const [row] = await options.db
    .select({ business: businesses, connection: connectionColumns })
    .from(businesses)
    .leftJoin(accountingConnections, liveConnectionJoin(businesses.id))
    .where(eq(businesses.id, options.businessId))
    .limit(1);
  if (!row) throw new AppError('BUSINESS_NOT_FOUND', 'Business not found');
  return toSummary(row.business, options.role, row.connection?.providerType ? row.connection : null);
}

export const BUILT_IN_ROLES = {
  admin: {
    name: 'Admin',
    description: 'Full access to every area of the business.',
    permissions: ADMIN_PERMISSIONS,
  },
  readOnly: {
    name: 'Read-only',
    description: 'Can view every area of the business but change nothing.',
    permissions: READ_ONLY_PERMISSIONS,
  },
} as const;

interface NewBusiness {
  businessName: string;
  businessType?: string | null;
  category?: string | null;
  country?: string | null;
  verificationStep?: string;
  verificationStatus?: string | null;
}

/**
 * Inserts a business with its built-in Admin and Read-only roles, in the caller's transaction. With an
 * owner, the owner becomes its Admin; a guest business (`isGuest`, modules/guest) starts without members
 * and is never listed by the business network.
 */
export async function insertBusinessWithRoles(
  tx: DbOrTx,
  options: NewBusiness & { clock: Clock; ownerId: string | null; isGuest?: boolean },
): Promise<{ businessId: string; adminRoleId: string; readOnlyRoleId: string }> {
  const now = options.clock.now();
  const businessId = newId();
  const adminRoleId = newId();
  const readOnlyRoleId = newId();
  await tx.insert(businesses).values({
    id: businessId,
    businessName: options.businessName,
    businessType: options.businessType ?? null,
    category: options.category ?? null,
    country: options.country ?? null,
    verificationStep: options.verificationStep ?? 'NOT_INITIATED',
    verificationStatus: options.verificationStatus ?? null,
    ...(options.isGuest ? { isGuest: true, isDiscoverable: false } : {}),
    createdBy: options.ownerId,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(roles).values([
    {
      id: adminRoleId,
      businessId,
      ...BUILT_IN_ROLES.admin,
      permissions: [...BUILT_IN_ROLES.admin.permissions],
      isBuiltIn: true,
      createdAt: now,
      updatedAt: now,
    },
    {
      id: readOnlyRoleId,
      businessId,
      ...BUILT_IN_ROLES.readOnly,
      permissions: [...BUILT_IN_ROLES.readOnly.permissions],
      isBuiltIn: true,
      createdAt: now,
      updatedAt: now,
    },
  ]);
  if (options.ownerId) {
    await addMember({
      db: tx,
      clock: options.clock,
      businessId,
      userId: options.ownerId,
      roleId: adminRoleId,
    });
  }
  return { businessId, adminRoleId, readOnlyRoleId };
}

/**
 * Creates a business with its built-in Admin and Read-only roles and makes the creator its Admin,
 * in one transaction.
 */
export async function createBusinessWithOwner(
  options: NewBusiness & { db: Db; clock: Clock; ownerId: string },
): Promise<{ businessId: string; adminRoleId: string; readOnlyRoleId: string }> {
  const { db, ...rest } = options;
  return db.transaction((tx) => insertBusinessWithRoles(tx, rest));
}

/** Adds a user to a business with one of its roles. */
export async function addMember(options: {
  db: DbOrTx;
  clock: Clock;
  businessId: string;
  userId: string;
  roleId: string;
}): Promise<void> {
  await options.db.insert(businessMembers).values({
    id: newId(),
    businessId: options.businessId,
    userId: options.userId,
    roleId: options.roleId,
    status: 'ACTIVE',
    createdAt: options.clock.now(),
  });
}

/**
 * Ends the memberships a practice team member was given by their accountant (`isPracticeMember`) in
 * the accountant's client businesses (those where the accountant is an ACTIVE member), when the
 * accountant removes them from the team (spec 001 §2). Memberships they got another way stay. Refuses
 * (409, nothing removed) when that would leave a business without an active Admin. Answers the ids of
 * the businesses they left. Runs in the caller's transaction; the memberships are row-locked.
 */
export async function removePracticeMemberships(
  tx: Tx,
  options: { ownerUserId: string; memberUserId: string },
): Promise<string[]> {
  const owner = alias(businessMembers, 'owner_membership');
  const memberships = await tx
    .select({
      id: businessMembers.id,
      businessId: businessMembers.businessId,
      status: businessMembers.status,
      isBuiltIn: roles.isBuiltIn,
      roleName: roles.name,
    })
    .from(businessMembers)
    .innerJoin(roles, eq(roles.id, businessMembers.roleId))
    .innerJoin(
      owner,
      and(
        eq(owner.businessId, businessMembers.businessId),
        eq(owner.userId, options.ownerUserId),
        eq(owner.status, 'ACTIVE'),
      ),
    )
    .where(and(eq(businessMembers.userId, options.memberUserId), eq(businessMembers.isPracticeMember, true)))
    .orderBy(asc(businessMembers.businessId))
    .for('update', { of: businessMembers });
  if (memberships.length === 0) return [];
  const adminIn = memberships
    .filter((m) => m.status === 'ACTIVE' && m.isBuiltIn && m.roleName === BUILT_IN_ROLES.admin.name)
    .map((m) => m.businessId);
  if (adminIn.length > 0) {
    // The other Admins of those businesses, locked so a concurrent removal or demotion cannot race.
    const others = await tx
      .select({ businessId: businessMembers.businessId })
      .from(businessMembers)
      .innerJoin(roles, eq(roles.id, businessMembers.roleId))
      .where(
        and(
          inArray(businessMembers.businessId, adminIn),
          ne(businessMembers.userId, options.memberUserId),
          eq(businessMembers.status, 'ACTIVE'),
          eq(roles.isBuiltIn, true),
          eq(roles.name, BUILT_IN_ROLES.admin.name),
        ),
      )
      .for('update', { of: businessMembers });
    const covered = new Set(others.map((o) => o.businessId));
    if (adminIn.some((businessId) => !covered.has(businessId))) {
      throw new AppError('CONFLICT', SETTINGS_API_MESSAGES.lastAdmin);
    }
  }
  await tx.delete(businessMembers).where(
    inArray(
      businessMembers.id,
      memberships.map((m) => m.id),
    ),
  );
  return memberships.map((m) => m.businessId);
}

/**
 * Business onboarding, first step (spec 000 §4): a signed-in, active user with a verified email
 * creates a business from the details form. The business takes the given country or else the user's
 * (or none), starts at NOT_INITIATED, and the user becomes its Admin. A user may create several.
 */
export async function createBusinessForUser(options: {
  db: Db;
  clock: Clock;
  user: { id: string; activeStatus: string; isEmailVerified: boolean; country: string | null };
  details: BusinessDetailsRequest;
}): Promise<{ businessId: string; country: string | null }> {
  const { user, details } = options;
  if (user.activeStatus !== 'ACTIVE' || !user.isEmailVerified) {
    throw new AppError('FORBIDDEN', ACCOUNT_NOT_READY_MESSAGE);
  }
  const country = details.country ?? user.country?.toUpperCase() ?? null;
  const { businessId } = await createBusinessWithOwner({
    db: options.db,
    clock: options.clock,
    ownerId: user.id,
    businessName: details.businessName,
    businessType: details.businessType,
    category: details.category,
    country,
    verificationStep: NOT_INITIATED,
  });
  return { businessId, country };
}

/**
 * Business onboarding, returning to the details step (spec 000 §4): name, type and category change only
 * while verification has not started; afterwards they are locked (409). The check and the change are
 * one statement, so a verification starting at the same moment cannot slip between them.
 */
export async function updateBusinessDetails(options: {
  db: DbOrTx;
  clock: Clock;
  businessId: string;
  details: BusinessDetailsRequest;
}): Promise<{ id: string; country: string | null }> {
  const { details } = options;
  const [updated] = await options.db
    .update(businesses)
    .set({
      businessName: details.businessName,
      businessType: details.businessType,
      category: details.category,
      ...(details.country ? { country: details.country } : {}),
      updatedAt: options.clock.now(),
    })
    .where(and(eq(businesses.id, options.businessId), eq(businesses.verificationStep, NOT_INITIATED)))
    .returning({ id: businesses.id, country: businesses.country });
  if (updated) return updated;
  const [exists] = await options.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.id, options.businessId))
    .limit(1);
  if (!exists) throw new AppError('BUSINESS_NOT_FOUND', 'Business not found');
  throw new AppError('CONFLICT', DETAILS_LOCKED_MESSAGE, {
    errors: [
      { field: 'businessName', message: DETAILS_LOCKED_MESSAGE },
      { field: 'businessType', message: DETAILS_LOCKED_MESSAGE },
    ],
  });
}

export interface BusinessFeatures {
  businessId: string;
  verificationStep: string;
  verificationStatus: string | null;
  isVerified: boolean;
  features: BusinessFeatureState[];
}

/** Which features a business may use: money-moving ones only once it is FULL_VERIFIED. */
export async function getBusinessFeatures(options: {
  db: DbOrTx;
  businessId: string;
}): Promise<BusinessFeatures> {
  const [business] = await options.db
    .select({
      verificationStep: businesses.verificationStep,
      verificationStatus: businesses.verificationStatus,
    })
    .from(businesses)
    .where(eq(businesses.id, options.businessId))
    .limit(1);
  if (!business) throw new AppError('BUSINESS_NOT_FOUND', 'Business not found');
  return {
    businessId: options.businessId,
    verificationStep: business.verificationStep,
    verificationStatus: business.verificationStatus,
    isVerified: isBusinessFullyVerified(business.verificationStatus),
    features: businessFeatures(business.verificationStatus),
  };
}
