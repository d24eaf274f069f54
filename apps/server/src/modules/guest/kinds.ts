import { paths } from '@ferry/domain/routes';
import { GUEST_LINK_TTL_DAYS, type GuestInvitationType } from '@ferry/domain/schemas';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { getDataSecretBox } from '../../platform/crypto/secret-box.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { invitations } from '../auth/tables.js';
import { mailOrigin } from '../banking/notify.js';
import { registerInvitationKind } from '../invitations/kinds.js';
import { createInvitation, isUsable } from '../invitations/service.js';

/**
 * The guest links (Get Paid, issue 19): BUSINESS_PAYMENT — a business sent a payment request to a
 * customer without a Ferry account, who pays it from the link; BILL_PAYMENT — a business paid a vendor
 * whose bank it does not have, who accepts the payment from the link. Only the /guest calls open them
 * (not the invitation screens); each lives GUEST_LINK_TTL_DAYS.
 */
export const BUSINESS_PAYMENT = 'BUSINESS_PAYMENT' satisfies GuestInvitationType;
export const BILL_PAYMENT = 'BILL_PAYMENT' satisfies GuestInvitationType;
/** A payee asked its customer to authorise auto payments (issue 20); the link opens /process/auto-pay/info. */
export const AUTO_PAYMENT = 'AUTO_PAYMENT' satisfies GuestInvitationType;

for (const type of [BUSINESS_PAYMENT, BILL_PAYMENT, AUTO_PAYMENT]) {
  registerInvitationKind(type, {
    ttlMinutes: GUEST_LINK_TTL_DAYS * 24 * 60,
    openable: false,
    withCode: false,
  });
}

type Ctx = Pick<AppContext, 'clock' | 'config'>;

/** The sealed link token is bound to its invitation row. */
const tokenSealContext = (invitationId: string) => `invitations:${invitationId}:guest-link`;

/** What a guest link is about: a payment request (BUSINESS_PAYMENT) or a payment (BILL_PAYMENT). */
export type GuestLinkSubject =
  | { type: typeof BUSINESS_PAYMENT; paymentRequestId: string; guestBusinessId: string }
  | { type: typeof BILL_PAYMENT; paymentId: string; payerBusinessId: string }
  | { type: typeof AUTO_PAYMENT; mappingId: string; payerBusinessId: string };

/** The invitation data key naming a subject, its value, and what the invitation keeps of it. */
function subjectKey(subject: GuestLinkSubject): { key: string; value: string; data: Record<string, string> } {
  switch (subject.type) {
    case BUSINESS_PAYMENT:
      return {
        key: 'paymentRequestId',
        value: subject.paymentRequestId,
        data: { paymentRequestId: subject.paymentRequestId },
      };
    case BILL_PAYMENT:
      return {
        key: 'paymentId',
        value: subject.paymentId,
        data: { paymentId: subject.paymentId, payerBusinessId: subject.payerBusinessId },
      };
    default:
      return {
        key: 'mappingId',
        value: subject.mappingId,
        data: { mappingId: subject.mappingId, payerBusinessId: subject.payerBusinessId },
      };
  }
}

/**
 * The `/process/payment/start?token=…` link of a guest mail, in the caller's transaction: the live link
 * of the same subject and address when there is one (a reminder repeats the first mail's link), else a
 * new one. The token is kept sealed (platform/crypto/secret-box) so a later mail can repeat it; only
 * its hash finds the invitation.
 */
export async function guestLinkFor(
  context: Ctx,
  db: DbOrTx,
  options: { subject: GuestLinkSubject; email: string; sentByUserId?: string | null },
): Promise<string> {
  const { subject } = options;
  const email = options.email.trim().toLowerCase();
  const { key, value, data } = subjectKey(subject);
  const box = getDataSecretBox(context.config);
  const [live] = await db
    .select({ id: invitations.id, data: invitations.data })
    .from(invitations)
    .where(
      and(
        eq(invitations.invitationType, subject.type),
        eq(invitations.email, email),
        sql`${invitations.data} ->> ${key} = ${value}`,
        isUsable(context.clock.now()),
      ),
    )
    .orderBy(desc(invitations.expiresAt))
    .limit(1);
  let token: string;
  if (live && typeof live.data.sealedToken === 'string') {
    token = box.open(live.data.sealedToken, tokenSealContext(live.id));
  } else {
    const created = await createInvitation(context, {
      db,
      type: subject.type,
      email,
      sentByUserId: options.sentByUserId ?? null,
      businessId:
        subject.type === BUSINESS_PAYMENT
          ? subject.guestBusinessId
          : subject.type === AUTO_PAYMENT
            ? subject.payerBusinessId
            : null,
      data,
    });
    token = created.token;
    await db
      .update(invitations)
      .set({ data: { ...data, sealedToken: box.seal(token, tokenSealContext(created.invitation.id)) } })
      .where(eq(invitations.id, created.invitation.id));
  }
  const path = subject.type === AUTO_PAYMENT ? paths.autoPayInfo() : paths.guestPaymentStart();
  return `${mailOrigin(context.config)}${path}?token=${encodeURIComponent(token)}`;
}
