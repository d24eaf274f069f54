import {
  type AppAbility,
  BUILT_IN_ROLE_LABELS,
  PERMISSION_KEYS,
  type PermissionKey,
  parsePermissionKey,
  type Subject,
} from '@ferry/domain/permissions';
import {
  type CreateRole,
  OTHER_USER_INVITATION,
  type Role,
  type rolesQuerySchema,
  SETTINGS_API_MESSAGES,
  SETTINGS_ERROR_CODES,
  type UpdateRole,
} from '@ferry/domain/schemas';
import { and, asc, count, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { accessDenied } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { type Actor, recordActivity } from '../activity/service.js';
import { roleHasApprovers as roleHoldersApprove } from '../approvals/assignments.js';
import { violatedUniqueIndex } from '../contacts/access.js';
import { SettingsError } from './errors.js';
import { type RoleRow, roles } from './tables.js';

export { SettingsError } from './errors.js';

type Ctx = Pick<AppContext, 'database' | 'clock'>;

/** Reading roles needs read on Roles; creating, editing and deleting them needs manage (spec 001 §6). */
export const ROLES_READ: ['read', Subject] = ['read', 'Roles'];
export const ROLES_MANAGE: ['manage', Subject] = ['manage', 'Roles'];

export const ROLE_ENTITY_TYPE = 'roles';
const ROLE_NAME_INDEX = 'roles_business_name_unique';

const ID = /^[0-9a-f]{24}$/;

export const roleNotFound = () => new AppError('NOT_FOUND', SETTINGS_API_MESSAGES.roleNotFound);

/** The signed-in member as the users-and-roles rules see them. */
export interface Caller {
  userId: string;
  roleId: string;
  roleName: string;
  ability: AppAbility;
  actor: Actor;
}

/** Whether the caller holds the built-in Admin role (its name is unique in the business, any case). */
export const isAdminCaller = (caller: Pick<Caller, 'roleName'>): boolean =>
  caller.roleName === BUILT_IN_ROLE_LABELS.admin;

/**
 * Permission keys as stored: known keys only, de-duplicated, every manage key with its view (manage
 * implies view), in catalogue order.
 */
export function normalisePermissions(keys: readonly string[]): PermissionKey[] {
  const held = new Set<string>();
  for (const key of keys) {
    const parsed = parsePermissionKey(key);
    if (!parsed) continue;
    held.add(key);
    if (parsed.level === 'manage') held.add(parsed.item.view);
  }
  return PERMISSION_KEYS.filter((key) => held.has(key));
}

const sameKeys = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((key, i) => key === b[i]);

/**
 * Whether `keys` grant anything `ability` does not (a manage key: manage on each of its subjects; a view
 * key: read). Nobody can hand out rights they do not hold themselves.
 */
export function grantsBeyond(ability: AppAbility, keys: readonly string[]): boolean {
  for (const key of keys) {
    const parsed = parsePermissionKey(key);
    if (!parsed) continue;
    const action = parsed.level === 'manage' ? 'manage' : 'read';
    if (parsed.item.subjects.some((subject) => !ability.can(action, subject))) return true;
  }
  return false;
}

/** Throws 403 when a role with `keys` would give someone more than the caller holds. */
export function assertMayGrant(caller: Pick<Caller, 'ability'>, keys: readonly string[]): void {
  if (grantsBeyond(caller.ability, keys)) throw accessDenied();
}

/**
 * Whether any holder of the role is an approver in an active approval policy or approval group (then the
 * role cannot be modified, spec 001 §4).
 */
export async function roleHasApprovers(
  db: DbOrTx,
  options: { businessId: string; roleId: string },
): Promise<boolean> {
  return roleHoldersApprove(db, options);
}

/** Members holding the role. */
const memberCountOf = (roleId: SQL | string) =>
  sql<number>`(select count(*)::int from business_members m where m.role_id = ${roleId})`;

/** Open (unused, unrevoked) OTHER_USER invitations of the business that would give the role. */
const invitationCountOf = (businessId: SQL | string, roleId: SQL | string) =>
  sql<number>`(select count(*)::int from invitations i
    where i.business_id = ${businessId} and i.invitation_type = ${OTHER_USER_INVITATION}
      and i.used_at is null and i.revoked_at is null and i.data->>'roleId' = (${roleId})::text)`;

const userCountColumn = sql<number>`(${memberCountOf(sql`${roles.id}`)} + ${invitationCountOf(
  sql`${roles.businessId}`,
  sql`${roles.id}`,
)})`;

export const toRole = (row: RoleRow, userCount: number): Role => ({
  id: row.id,
  name: row.name,
  description: row.description,
  isBuiltIn: row.isBuiltIn,
  permissions: normalisePermissions(row.permissions),
  userCount: Number(userCount),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A page of the business's roles with how many members and pending invitations hold each. */
export async function listRoles(
  db: DbOrTx,
  options: { businessId: string; query: z.output<typeof rolesQuerySchema> },
): Promise<{ items: Role[]; total: number; pageNumber: number; pageSize: number }> {
  const { query } = options;
  const direction = query.sortOrder === 'desc' ? desc : asc;
  const sortColumn =
    query.sortBy === 'name'
      ? sql`lower(${roles.name})`
      : query.sortBy === 'createdAt'
        ? roles.createdAt
        : roles.updatedAt;
  const where = eq(roles.businessId, options.businessId);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ ...getTableColumns(roles), userCount: userCountColumn })
      .from(roles)
      .where(where)
      .orderBy(direction(sortColumn), direction(roles.id))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db.select({ total: count() }).from(roles).where(where),
  ]);
  return {
    items: rows.map(({ userCount, ...row }) => toRole(row, userCount)),
    total: Number(totals?.total ?? 0),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
  };
}

/**
 * A role of the business, or 404 (another business's role is as unknown as a missing one). `lock`
 * takes a row lock until the transaction ends: 'update' to change or delete it, 'share' to assign it
 * (an assignment and a deletion of the same role then run one after the other).
 */
export async function findRoleOrThrow(
  db: DbOrTx,
  options: { businessId: string; roleId: string; lock?: 'update' | 'share' },
): Promise<RoleRow> {
  if (!ID.test(options.roleId)) throw roleNotFound();
  const query = db
    .select()
    .from(roles)
    .where(and(eq(roles.id, options.roleId), eq(roles.businessId, options.businessId)))
    .limit(1);
  const [row] = options.lock ? await query.for(options.lock) : await query;
  if (!row) throw roleNotFound();
  return row;
}

/** The business's built-in role of that name (Admin or Read-only). */
export async function findBuiltInRole(
  db: DbOrTx,
  options: { businessId: string; name: string; lock?: 'share' },
): Promise<RoleRow | null> {
  const query = db
    .select()
    .from(roles)
    .where(
      and(eq(roles.businessId, options.businessId), eq(roles.isBuiltIn, true), eq(roles.name, options.name)),
    )
    .limit(1);
  const [row] = options.lock ? await query.for(options.lock) : await query;
  return row ?? null;
}

/** Members and open invitations holding the role. */
async function countHolders(db: DbOrTx, businessId: string, roleId: string): Promise<number> {
  const result = (await db.execute(
    sql`select ${memberCountOf(roleId)} + ${invitationCountOf(businessId, roleId)} as holders`,
  )) as unknown as { rows: { holders: number | string }[] };
  return Number(result.rows[0]?.holders ?? 0);
}

export async function getRole(db: DbOrTx, options: { businessId: string; roleId: string }): Promise<Role> {
  const row = await findRoleOrThrow(db, options);
  return toRole(row, await countHolders(db, options.businessId, row.id));
}

const roleExists = () =>
  new SettingsError('CONFLICT', SETTINGS_ERROR_CODES.roleExists, SETTINGS_API_MESSAGES.roleExists, [
    { field: 'name', message: SETTINGS_API_MESSAGES.roleExists },
  ]);

const builtInRole = () =>
  new SettingsError('CONFLICT', SETTINGS_ERROR_CODES.builtInRole, SETTINGS_API_MESSAGES.builtInRole);

const roleCannotBeModified = () =>
  new SettingsError(
    'CONFLICT',
    SETTINGS_ERROR_CODES.roleCannotBeModified,
    SETTINGS_API_MESSAGES.roleCannotBeModified,
  );

/** Runs a write that may break the unique role name: the index, not a prior read, decides (races too). */
async function withRoleNameGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedUniqueIndex(error) === ROLE_NAME_INDEX) throw roleExists();
    throw error;
  }
}

function recordRoleActivity(
  tx: Tx,
  context: Ctx,
  entry: { businessId: string; roleId: string; actor: Actor; action: string; label: string; data: object },
) {
  return recordActivity(tx, {
    businessId: entry.businessId,
    entityType: ROLE_ENTITY_TYPE,
    entityId: entry.roleId,
    subject: 'Roles',
    action: entry.action,
    label: entry.label,
    actor: entry.actor,
    data: { ...entry.data },
    at: context.clock.now(),
  });
}

/** `POST /business/{id}/role`: a new role; its name is unique in the business (any case). */
export async function createRole(
  context: Ctx,
  options: { businessId: string; caller: Caller; body: CreateRole },
): Promise<Role> {
  const permissions = normalisePermissions(options.body.permissions);
  assertMayGrant(options.caller, permissions);
  const name = options.body.name.trim();
  const description = options.body.description.trim();
  const now = context.clock.now();
  const row = await withRoleNameGuard(() =>
    context.database.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(roles)
        .values({
          id: newId(),
          businessId: options.businessId,
          name,
          description,
          permissions,
          isBuiltIn: false,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error('role not created');
      await recordRoleActivity(tx, context, {
        businessId: options.businessId,
        roleId: created.id,
        actor: options.caller.actor,
        action: 'ROLE_CREATED',
        label: 'Role created',
        data: { name, description, permissions },
      });
      return created;
    }),
  );
  return toRole(row, 0);
}

/**
 * `PATCH /business/{id}/role/{roleId}`: built-in roles are fixed; an unchanged edit is refused; nobody
 * gives a role more than they hold, nor changes the permissions of the role they hold themselves (an
 * Admin's own role is built in, so that leaves nobody); a role whose holders approve payments cannot be
 * modified.
 */
export async function updateRole(
  context: Ctx,
  options: { businessId: string; roleId: string; caller: Caller; body: UpdateRole },
): Promise<Role> {
  const permissions = normalisePermissions(options.body.permissions);
  const name = options.body.name.trim();
  const description = options.body.description.trim();
  const { caller } = options;
  const row = await withRoleNameGuard(() =>
    context.database.db.transaction(async (tx) => {
      const role = await findRoleOrThrow(tx, { ...options, lock: 'update' });
      if (role.isBuiltIn) throw builtInRole();
      const previous = normalisePermissions(role.permissions);
      const permissionsChanged = !sameKeys(previous, permissions);
      if (role.name === name && role.description === description && !permissionsChanged) {
        throw new SettingsError(
          'BAD_REQUEST',
          SETTINGS_ERROR_CODES.noChanges,
          SETTINGS_API_MESSAGES.noChanges,
        );
      }
      assertMayGrant(caller, permissions);
      if (permissionsChanged && role.id === caller.roleId && !isAdminCaller(caller)) throw accessDenied();
      if (await roleHasApprovers(tx, { businessId: options.businessId, roleId: role.id })) {
        throw roleCannotBeModified();
      }
      const [updated] = await tx
        .update(roles)
        .set({ name, description, permissions, updatedAt: context.clock.now() })
        .where(eq(roles.id, role.id))
        .returning();
      if (!updated) throw roleNotFound();
      await recordRoleActivity(tx, context, {
        businessId: options.businessId,
        roleId: role.id,
        actor: caller.actor,
        action: 'ROLE_UPDATED',
        label: 'Role updated',
        data: {
          oldData: { name: role.name, description: role.description, permissions: previous },
          newData: { name, description, permissions },
        },
      });
      return updated;
    }),
  );
  return toRole(row, await countHolders(context.database.db, options.businessId, row.id));
}

/** `DELETE /business/{id}/role/{roleId}`: never a built-in role, nor one a member or invitation holds. */
export async function deleteRole(
  context: Ctx,
  options: { businessId: string; roleId: string; caller: Caller },
): Promise<void> {
  await context.database.db.transaction(async (tx) => {
    const role = await findRoleOrThrow(tx, { ...options, lock: 'update' });
    if (role.isBuiltIn) throw builtInRole();
    if ((await countHolders(tx, options.businessId, role.id)) > 0) throw roleCannotBeModified();
    await tx.delete(roles).where(eq(roles.id, role.id));
    await recordRoleActivity(tx, context, {
      businessId: options.businessId,
      roleId: role.id,
      actor: options.caller.actor,
      action: 'ROLE_DELETED',
      label: 'Role deleted',
      data: { name: role.name },
    });
  });
}
