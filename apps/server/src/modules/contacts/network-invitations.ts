import type { AppAbility } from '@ferry/domain/permissions';
import { CONTACT_API_MESSAGES, CONTACT_ENTITY_TYPE } from '@ferry/domain/schemas';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/http/errors.js';
import { type Actor, recordActivity } from '../activity/service.js';
import { businesses } from '../businesses/tables.js';
import { queueMessage } from '../notifications/service.js';
import { renderNetworkInvitationMail } from '../notifications/templates.js';
import { assertContactRight, SUBJECT_OF } from './access.js';
import { contacts } from './tables.js';

const ID = /^[0-9a-f]{24}$/;

/**
 * Emails an invitation to join Ferry to each contact not yet on the network (through the outbox), with
 * an activity entry per contact, all in one transaction.
 */
export async function inviteToNetwork(
  context: Pick<AppContext, 'database' | 'clock' | 'jobs'>,
  options: {
    businessId: string;
    ability: AppAbility;
    actor: Actor;
    contactIds: string[];
    origin: string;
  },
): Promise<{ sent: number }> {
  const { db } = context.database;
  const ids = [...new Set(options.contactIds)];
  const rows = ids.every((id) => ID.test(id))
    ? await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.businessId, options.businessId), inArray(contacts.id, ids)))
    : [];
  if (rows.length !== ids.length) throw new AppError('NOT_FOUND', CONTACT_API_MESSAGES.contactNotFound);
  for (const row of rows) assertContactRight(options.ability, 'manage', row.type);
  const [business] = await db
    .select({ businessName: businesses.businessName })
    .from(businesses)
    .where(eq(businesses.id, options.businessId))
    .limit(1);
  const businessName = business?.businessName ?? 'A business';
  const invitees = rows.filter((row) => !row.networkBusinessId);
  const now = context.clock.now();
  await db.transaction(async (tx) => {
    for (const row of invitees) {
      const mail = renderNetworkInvitationMail({
        inviterName: options.actor.name ?? businessName,
        businessName,
        contactName: row.name,
        relation: row.type === 'VENDOR' ? 'vendor' : 'customer',
        link: `${options.origin}/signup`,
      });
      await queueMessage(context, { db: tx, message: { channel: 'email', to: row.email, ...mail } });
      await recordActivity(tx, {
        businessId: options.businessId,
        entityType: CONTACT_ENTITY_TYPE,
        entityId: row.id,
        subject: SUBJECT_OF[row.type],
        action: 'NETWORK_INVITATION_SENT',
        label: 'Invited to Ferry',
        actor: options.actor,
        remarks: row.email,
        at: now,
      });
    }
  });
  return { sent: invitees.length };
}
