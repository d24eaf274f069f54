import type { AppAbility, Subject } from '@ferry/domain/permissions';
import type { ActivityLogItem, ActorType } from '@ferry/domain/schemas';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import type { UserRow } from '../users/tables.js';
import { type ActivityLogRow, activityLogs } from './tables.js';

export interface Actor {
  type: ActorType;
  userId: string | null;
  name: string | null;
}

/** The signed-in person as the actor of a change (their name as it is now). */
export const userActor = (user: Pick<UserRow, 'id' | 'firstName' | 'lastName'>): Actor => ({
  type: 'USER',
  userId: user.id,
  name: `${user.firstName} ${user.lastName}`.trim(),
});

export interface NewActivity {
  businessId: string;
  entityType: string;
  entityId: string;
  /** The right a member needs (read) to see the entry. */
  subject: Subject;
  action: string;
  label: string;
  actor: Actor;
  remarks?: string | null;
  data?: Record<string, unknown> | null;
  at: Date;
}

/**
 * Appends one entry to the activity log. Call it with the transaction of the change it records, so
 * the entry exists exactly when the change does.
 */
export async function recordActivity(db: DbOrTx, entry: NewActivity): Promise<string> {
  const id = newId();
  await db.insert(activityLogs).values({
    id,
    businessId: entry.businessId,
    entityType: entry.entityType,
    entityId: entry.entityId,
    subject: entry.subject,
    action: entry.action,
    label: entry.label,
    actorType: entry.actor.type,
    actorUserId: entry.actor.userId,
    actorName: entry.actor.name,
    remarks: entry.remarks ?? null,
    data: entry.data ?? null,
    createdAt: entry.at,
  });
  return id;
}

/** Subjects whose entries can be written today; a member sees the ones they may read. */
const LOGGED_SUBJECTS: readonly Subject[] = [
  'PayManageVendors',
  'GetPaidManageCustomers',
  'PaymentMethod',
  'PayDueBill',
  'PayPayments',
  'PaymentApproval',
  'GetPaidDueInvoices',
];

/** The record before and after the change, when the entry keeps them (`data.oldData` / `data.newData`). */
function metadataOf(data: Record<string, unknown> | null): ActivityLogItem['metadata'] {
  if (!data || !('oldData' in data || 'newData' in data)) return null;
  return { oldData: data.oldData ?? null, newData: data.newData ?? null };
}

const toItem = (row: ActivityLogRow): ActivityLogItem => ({
  id: row.id,
  entityType: row.entityType,
  entityId: row.entityId,
  action: row.action,
  label: row.label,
  actor: { type: row.actorType, name: row.actorName, performedByName: row.actorName },
  remarks: row.remarks,
  metadata: metadataOf(row.data),
  createdAt: row.createdAt.toISOString(),
});

/** A page of a business's activity, newest first, limited to what the member may read. */
export async function listActivity(options: {
  db: DbOrTx;
  businessId: string;
  ability: AppAbility;
  entityType?: string | undefined;
  /** The spec's synonym of `entityType` (`entity=approval_policies`); `entityType` wins when both are sent. */
  entity?: string | undefined;
  entityId?: string | undefined;
  pageNumber: number;
  pageSize: number;
}): Promise<{ items: ActivityLogItem[]; total: number; pageNumber: number; pageSize: number }> {
  const readable = LOGGED_SUBJECTS.filter((subject) => options.ability.can('read', subject));
  const page = { pageNumber: options.pageNumber, pageSize: options.pageSize };
  if (readable.length === 0) return { items: [], total: 0, ...page };
  const conditions: SQL[] = [
    eq(activityLogs.businessId, options.businessId),
    inArray(activityLogs.subject, readable),
  ];
  const entityType = options.entityType ?? options.entity;
  if (entityType) conditions.push(eq(activityLogs.entityType, entityType));
  if (options.entityId) conditions.push(eq(activityLogs.entityId, options.entityId));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    options.db
      .select()
      .from(activityLogs)
      .where(where)
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.sequence))
      .limit(options.pageSize)
      .offset((options.pageNumber - 1) * options.pageSize),
    options.db.select({ total: count() }).from(activityLogs).where(where),
  ]);
  return { items: rows.map(toItem), total: totals[0]?.total ?? 0, ...page };
}
