import { ADMIN_PERMISSIONS, READ_ONLY_PERMISSIONS } from '@ferry/domain/permissions';
import { and, asc, eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
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

export interface BusinessSummary {
  id: string;
  businessId: string;
  businessName: string;
  businessType: string | null;
  category: string | null;
  country: string | null;
  verificationStep: string;
  status: string | null;
  role: string;
  permissions: string[];
}

function toSummary(business: BusinessRow, role: { name: string; permissions: string[] }): BusinessSummary {
  return {
    id: business.id,
    businessId: business.id,
    businessName: business.businessName,
    businessType: business.businessType,
    category: business.category,
    country: business.country,
    verificationStep: business.verificationStep,
    status: business.verificationStatus,
    role: role.name,
    permissions: role.permissions,
  };
}

/** The businesses a user belongs to, oldest membership first. */
export async function listBusinessesForUser(options: {
  db: DbOrTx;
  userId: string;
}): Promise<BusinessSummary[]> {
  const rows = await options.db
    .select({ business: businesses, role: { name: roles.name, permissions: roles.permissions } })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .innerJoin(roles, eq(roles.id, businessMembers.roleId))
    .where(and(eq(businessMembers.userId, options.userId), eq(businessMembers.status, 'ACTIVE')))
    .orderBy(asc(businessMembers.createdAt), asc(businessMembers.id));
  return rows.map((row) => toSummary(row.business, row.role));
}

/** One business, shown with the member's role (which the business guard has already resolved). */
export async function getBusinessSummary(options: {
  db: DbOrTx;
  businessId: string;
  role: { name: string; permissions: string[] };
}): Promise<BusinessSummary> {
  const [business] = await options.db
    .select()
    .from(businesses)
    .where(eq(businesses.id, options.businessId))
    .limit(1);
  if (!business) throw new AppError('BUSINESS_NOT_FOUND', 'Business not found');
  return toSummary(business, options.role);
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

/**
 * Creates a business with its built-in Admin and Read-only roles and makes the creator its Admin,
 * in one transaction.
 */
export async function createBusinessWithOwner(options: {
  db: Db;
  clock: Clock;
  ownerId: string;
  businessName: string;
  businessType?: string | null;
  category?: string | null;
  country?: string | null;
  verificationStep?: string;
  verificationStatus?: string | null;
}): Promise<{ businessId: string; adminRoleId: string; readOnlyRoleId: string }> {
  const now = options.clock.now();
  const businessId = newId();
  const adminRoleId = newId();
  const readOnlyRoleId = newId();
  await options.db.transaction(async (tx) => {
    await tx.insert(businesses).values({
      id: businessId,
      businessName: options.businessName,
      businessType: options.businessType ?? null,
      category: options.category ?? null,
      country: options.country ?? null,
      verificationStep: options.verificationStep ?? 'NOT_INITIATED',
      verificationStatus: options.verificationStatus ?? null,
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
    await tx.insert(businessMembers).values({
      id: newId(),
      businessId,
      userId: options.ownerId,
      roleId: adminRoleId,
      status: 'ACTIVE',
      createdAt: now,
    });
  });
  return { businessId, adminRoleId, readOnlyRoleId };
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
