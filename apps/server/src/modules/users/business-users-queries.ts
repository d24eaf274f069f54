import { USER_ACTIVE_STATUSES, type UserActiveStatus } from '@ferry/domain/catalogues';
import {
  type BusinessUser,
  type businessUsersQuerySchema,
  type MemberStatus,
  OTHER_USER_INVITATION,
} from '@ferry/domain/schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db/client.js';
import { containsPattern } from '../contacts/service.js';

/** The two rights that make a member a bill approver (approval group pickers, spec 001 §2). */
export const BILL_APPROVAL_KEYS = ['PAY_APPROVE_AND_PAY_BILLS.manage', 'PAY_FULL_ACCESS.manage'] as const;

/** A timestamp column as ISO-8601 text in UTC (the same on PGlite and PostgreSQL, whatever the driver). */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Active members of the business with their user and role. */
const memberRows = (businessId: string) => sql`
  select m.user_id::text as id, m.user_id::text as user_id, null::text as mapping_id,
    u.first_name, u.last_name, u.email, m.role_id::text as role_id, r.name as role_name,
    r.description as role_description, r.is_built_in, r.permissions, u.user_type,
    u.active_status, 'ACTIVE'::text as status, m.is_practice_member,
    null::text as invited_at, null::text as expires_at, ${iso(sql`m.created_at`)} as joined_at,
    m.created_at as created_at
  from business_members m
    join users u on u.id = m.user_id
    join roles r on r.id = m.role_id
  where m.business_id = ${businessId} and m.status = 'ACTIVE'`;

/** Open OTHER_USER invitations of the business (PENDING, or EXPIRED past their time). */
const invitationRows = (businessId: string, now: Date) => sql`
  select i.id::text as id, null::text as user_id, i.id::text as mapping_id,
    coalesce(i.data->>'firstName', '') as first_name, coalesce(i.data->>'lastName', '') as last_name,
    i.email, r.id::text as role_id, r.name as role_name, r.description as role_description,
    r.is_built_in, r.permissions, null::text as user_type, 'PENDING'::text as active_status,
    case when i.expires_at > ${now.toISOString()}::timestamptz then 'PENDING' else 'EXPIRED' end as status,
    false as is_practice_member, ${iso(sql`i.created_at`)} as invited_at, ${iso(sql`i.expires_at`)} as expires_at,
    null::text as joined_at, i.created_at as created_at
  from invitations i
    join roles r on r.business_id = i.business_id and r.id::text = i.data->>'roleId'
  where i.business_id = ${businessId} and i.invitation_type = ${OTHER_USER_INVITATION}
    and i.used_at is null and i.revoked_at is null`;

interface UserRowSql {
  id: string;
  user_id: string | null;
  mapping_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  role_id: string;
  role_name: string;
  role_description: string;
  is_built_in: boolean;
  user_type: string | null;
  active_status: string;
  status: MemberStatus;
  is_practice_member: boolean;
  invited_at: string | null;
  expires_at: string | null;
  joined_at: string | null;
}

/** The parsed query of `GET /business/{id}/users`. */
export type BusinessUsersFilter = z.output<typeof businessUsersQuerySchema>;

const isActiveStatus = (value: string): value is UserActiveStatus =>
  (USER_ACTIVE_STATUSES as readonly string[]).includes(value);

const toBusinessUser = (row: UserRowSql, currentUserId: string): BusinessUser => ({
  id: row.id,
  userId: row.user_id,
  mappingId: row.mapping_id,
  user: { firstName: row.first_name, lastName: row.last_name, email: row.email },
  roleId: row.role_id,
  roleDetails: {
    id: row.role_id,
    name: row.role_name,
    description: row.role_description,
    isBuiltIn: row.is_built_in,
  },
  userType: row.user_type,
  activeStatus: isActiveStatus(row.active_status) ? row.active_status : 'PENDING',
  status: row.status,
  isCurrentUser: row.user_id !== null && row.user_id === currentUserId,
  isPracticeMember: row.is_practice_member,
  invitedAt: row.invited_at,
  invitationExpiresAt: row.expires_at,
  joinedAt: row.joined_at,
});

const SORT_COLUMNS = {
  name: sql`lower(first_name || ' ' || last_name)`,
  email: sql`lower(email)`,
  role: sql`lower(role_name)`,
  status: sql`status`,
  createdAt: sql`created_at`,
} as const;

/** The rows of a raw query (drizzle's execute answers differ by driver in type only). */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * `GET /business/{id}/users`: active members and, with `invitations=true` (or a PENDING/EXPIRED status
 * filter), the open invitations, filtered, sorted (stable: id breaks ties) and paged in SQL.
 */
export async function listBusinessUsers(
  db: DbOrTx,
  options: { businessId: string; currentUserId: string; now: Date; query: BusinessUsersFilter },
): Promise<{ items: BusinessUser[]; total: number; pageNumber: number; pageSize: number }> {
  const { query } = options;
  const withInvitations =
    query.invitations === true || query.status === 'PENDING' || query.status === 'EXPIRED';
  const source = withInvitations
    ? sql`(${memberRows(options.businessId)} union all ${invitationRows(options.businessId, options.now)})`
    : sql`(${memberRows(options.businessId)})`;
  const filters: SQL[] = [sql`true`];
  if (query.status) filters.push(sql`status = ${query.status}`);
  if (query.roleId) filters.push(sql`role_id = ${query.roleId}`);
  if (query.searchBy) {
    const pattern = containsPattern(query.searchBy);
    filters.push(sql`(first_name ilike ${pattern} or last_name ilike ${pattern}
      or (first_name || ' ' || last_name) ilike ${pattern} or email ilike ${pattern})`);
  }
  if (query.billApprovalPermissions) {
    const [approve, full] = BILL_APPROVAL_KEYS;
    filters.push(sql`status = 'ACTIVE' and user_id is not null
      and (permissions @> ${JSON.stringify([approve])}::jsonb or permissions @> ${JSON.stringify([full])}::jsonb)`);
  }
  const where = sql.join(filters, sql` and `);
  const direction = sql.raw(query.sortOrder === 'desc' ? 'desc' : 'asc');
  const [rows, totals] = await Promise.all([
    rowsOf<UserRowSql>(
      db,
      sql`select * from ${source} as listed where ${where}
        order by ${SORT_COLUMNS[query.sortBy]} ${direction}, id ${direction}
        limit ${query.pageSize} offset ${(query.pageNumber - 1) * query.pageSize}`,
    ),
    rowsOf<{ total: number | string }>(
      db,
      sql`select count(*)::int as total from ${source} as listed where ${where}`,
    ),
  ]);
  return {
    items: rows.map((row) => toBusinessUser(row, options.currentUserId)),
    total: Number(totals[0]?.total ?? 0),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
  };
}

const ID = /^[0-9a-f]{24}$/;

/** One row of the users list: a member by user id or an open invitation by its id; null when neither. */
export async function findBusinessUser(
  db: DbOrTx,
  options: { businessId: string; id: string; currentUserId: string; now: Date },
): Promise<BusinessUser | null> {
  if (!ID.test(options.id)) return null;
  const [row] = await rowsOf<UserRowSql>(
    db,
    sql`select * from (${memberRows(options.businessId)} union all ${invitationRows(options.businessId, options.now)}) as listed
      where id = ${options.id} limit 1`,
  );
  return row ? toBusinessUser(row, options.currentUserId) : null;
}
