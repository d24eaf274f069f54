import type { ApprovalDelegation } from '@ferry/domain/schemas';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { type Actor, recordActivity } from '../activity/service.js';
import { newYorkDay, peopleOf } from './flow.js';
import { eligibleApproverIds } from './rules.js';
import { approvalDelegations } from './tables.js';

/**
 * Approval delegation (issue 18, beyond the spec): an approver who will be away names another member
 * who can approve bills to act in their place between two days; decisions taken so are recorded
 * 'on behalf of' them. One delegation per approver; setting it again replaces it.
 */

const DELEGATE_MESSAGE = 'Choose another member of this business who can approve bills.';

async function toView(
  db: DbOrTx,
  row: typeof approvalDelegations.$inferSelect,
  at: Date,
): Promise<ApprovalDelegation> {
  const person = (await peopleOf(db, [row.delegateUserId])).get(row.delegateUserId);
  const today = newYorkDay(at);
  return {
    delegate: { id: row.delegateUserId, name: person?.name ?? 'Former member' },
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    isActive: row.startsOn <= today && today <= row.endsOn,
  };
}

/** GET approval-delegation: the signed-in approver's delegation, or null. */
export async function getDelegation(
  db: DbOrTx,
  options: { businessId: string; userId: string; at: Date },
): Promise<ApprovalDelegation | null> {
  const [row] = await db
    .select()
    .from(approvalDelegations)
    .where(
      and(
        eq(approvalDelegations.businessId, options.businessId),
        eq(approvalDelegations.userId, options.userId),
      ),
    )
    .limit(1);
  return row ? toView(db, row, options.at) : null;
}

/** PUT approval-delegation: names (or replaces) the delegate. */
export async function setDelegation(
  db: DbOrTx,
  options: {
    businessId: string;
    actor: Actor & { userId: string };
    request: { delegateUserId: string; startsOn: string; endsOn: string };
    at: Date;
  },
): Promise<ApprovalDelegation> {
  const { businessId, actor, request } = options;
  const eligible = await eligibleApproverIds(db, businessId);
  if (request.delegateUserId === actor.userId || !eligible.has(request.delegateUserId)) {
    throw new AppError('UNPROCESSABLE', DELEGATE_MESSAGE, {
      errors: [{ field: 'delegateUserId', message: DELEGATE_MESSAGE }],
    });
  }
  return db.transaction(async (tx) => {
    await tx
      .delete(approvalDelegations)
      .where(
        and(eq(approvalDelegations.businessId, businessId), eq(approvalDelegations.userId, actor.userId)),
      );
    const [row] = await tx
      .insert(approvalDelegations)
      .values({ id: newId(), businessId, userId: actor.userId, ...request, createdAt: options.at })
      .returning();
    if (!row) throw new Error('delegation insert returned nothing');
    const view = await toView(tx, row, options.at);
    await recordActivity(tx, {
      businessId,
      entityType: 'approval_delegations',
      entityId: row.id,
      subject: 'PaymentApproval',
      action: 'APPROVAL_DELEGATED',
      label: `${actor.name} named ${view.delegate.name} to approve for them from ${request.startsOn} to ${request.endsOn}`,
      actor,
      at: options.at,
    });
    return view;
  });
}

/** DELETE approval-delegation: the approver is back. */
export async function clearDelegation(
  db: DbOrTx,
  options: { businessId: string; userId: string },
): Promise<void> {
  await db
    .delete(approvalDelegations)
    .where(
      and(
        eq(approvalDelegations.businessId, options.businessId),
        eq(approvalDelegations.userId, options.userId),
      ),
    );
}
