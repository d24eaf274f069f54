import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/password.js';
import { createSession } from '../modules/auth/service.js';
import { addMember, createBusinessWithOwner } from '../modules/businesses/service.js';
import { roles } from '../modules/roles/tables.js';
import { type UserRow, users } from '../modules/users/tables.js';
import type { AppContext } from '../platform/context.js';
import { newId } from '../platform/ids.js';

type FactoryContext = Pick<AppContext, 'database' | 'clock' | 'config'>;

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

/** A user; verified and active unless told otherwise. Pass `password` to set one (hashed with argon2id). */
export async function makeUser(
  context: FactoryContext,
  overrides: Partial<Omit<UserRow, 'passwordHash'>> & { password?: string } = {},
): Promise<UserRow> {
  const n = next();
  const { password, ...rest } = overrides;
  const [row] = await context.database.db
    .insert(users)
    .values({
      id: newId(),
      email: `user${n}.${newId().slice(0, 6)}@example.com`,
      firstName: 'Test',
      lastName: `User${n}`,
      activeStatus: 'ACTIVE',
      userType: 'SME_OWNER',
      country: 'US',
      isEmailVerified: true,
      isPhoneNumberVerified: true,
      createdAt: context.clock.now(),
      updatedAt: context.clock.now(),
      ...rest,
      passwordHash: password ? await hashPassword(password) : null,
    })
    .returning();
  if (!row) throw new Error('user not created');
  return row;
}

/** Headers of a signed-in API client for a user (the spec's Authorization + session-id). */
export async function signIn(
  context: FactoryContext,
  user: Pick<UserRow, 'id'>,
  deviceId = newId(),
): Promise<Record<string, string>> {
  const session = await createSession({
    db: context.database.db,
    clock: context.clock,
    userId: user.id,
    deviceId,
    ttlHours: context.config.SESSION_TTL_HOURS,
  });
  return { authorization: `Bearer ${session.token}`, 'session-id': session.sessionId, 'device-id': deviceId };
}

/** A business owned (Admin) by `owner`, or by a new user. */
export async function makeBusiness(
  context: FactoryContext,
  overrides: {
    owner?: UserRow;
    businessName?: string;
    businessType?: string;
    country?: string;
    verificationStep?: string;
    verificationStatus?: string;
  } = {},
) {
  const owner = overrides.owner ?? (await makeUser(context));
  const created = await createBusinessWithOwner({
    db: context.database.db,
    clock: context.clock,
    ownerId: owner.id,
    businessName: overrides.businessName ?? `Acme Supplies ${next()}`,
    businessType: overrides.businessType ?? 'LIMITED_LIABILITY_COMPANY',
    category: 'NONE',
    country: overrides.country ?? 'US',
    verificationStep: overrides.verificationStep ?? 'COMPLETED',
    verificationStatus: overrides.verificationStatus ?? 'FULL_VERIFIED',
  });
  return { ...created, owner };
}

/** A new business (see `makeBusiness`) and its owner's signed-in headers. */
export async function makeSignedInBusiness(
  context: FactoryContext,
  overrides: Parameters<typeof makeBusiness>[1] = {},
) {
  const business = await makeBusiness(context, overrides);
  return { ...business, headers: await signIn(context, business.owner) };
}

/** Adds `user` to a business with one of its built-in roles ('Admin' or 'Read-only'). */
export async function addBusinessMember(
  context: FactoryContext,
  options: { businessId: string; user: UserRow; roleName: 'Admin' | 'Read-only' },
): Promise<void> {
  const [role] = await context.database.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.businessId, options.businessId), eq(roles.name, options.roleName)));
  if (!role) throw new Error(`role ${options.roleName} not found`);
  await addMember({
    db: context.database.db,
    clock: context.clock,
    businessId: options.businessId,
    userId: options.user.id,
    roleId: role.id,
  });
}
