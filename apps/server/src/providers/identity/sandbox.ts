import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/client.js';
import type { IdentityProvider, InquiryFields, InquiryKind, InquiryStatus } from './identity.js';
import { sandboxIdentityInquiries } from './sandbox-tables.js';

/** Sandbox business checks: this tax id is declined, every other one approved. */
export const SANDBOX_DECLINED_TAX_ID = '111111111';

export type SandboxDecision = 'approve' | 'decline' | 'cancel';

export interface SandboxInquiryView {
  inquiryId: string;
  kind: InquiryKind;
  status: InquiryStatus;
  fields: InquiryFields;
  createdAt: string;
}

export interface SandboxIdentityProvider extends IdentityProvider {
  readonly name: 'sandbox';
  /** The hosted page's view of an inquiry; null unless the session token is the inquiry's current one. */
  describe(inquiryId: string, sessionToken: string): Promise<SandboxInquiryView | null | 'unknown'>;
  /** The person's choice on the hosted page; cancel leaves the inquiry open to resume. */
  decide(
    inquiryId: string,
    sessionToken: string,
    decision: SandboxDecision,
  ): Promise<{ status: InquiryStatus } | 'unknown' | 'forbidden' | 'decided'>;
}

export const isSandboxIdentity = (provider: IdentityProvider): provider is SandboxIdentityProvider =>
  provider.name === 'sandbox';

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

const sameHash = (a: string | null, b: string): boolean =>
  a !== null && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const FINAL: ReadonlySet<InquiryStatus> = new Set(['APPROVED', 'DECLINED', 'FAILED', 'EXPIRED']);

/**
 * The identity provider that works offline: inquiries live in its own table, a person finishes them on
 * Ferry's imitation of a hosted page (approve, decline or cancel), and business checks are decided at
 * once by tax id. It never sends webhooks: the page's decision is passed on by the sandbox routes.
 */
export function createSandboxIdentity(options: {
  database: Database;
  clock: Clock;
}): SandboxIdentityProvider {
  const { db } = options.database;
  const find = async (inquiryId: string) => {
    const [row] = await db
      .select()
      .from(sandboxIdentityInquiries)
      .where(eq(sandboxIdentityInquiries.id, inquiryId))
      .limit(1);
    return row ?? null;
  };
  return {
    name: 'sandbox',
    async createInquiry({ kind, referenceId, fields, idempotencyKey }) {
      const now = options.clock.now();
      const status: InquiryStatus =
        kind === 'BUSINESS'
          ? fields.businessTaxId === SANDBOX_DECLINED_TAX_ID
            ? 'DECLINED'
            : 'APPROVED'
          : 'CREATED';
      await db
        .insert(sandboxIdentityInquiries)
        .values({
          id: `inq_sbx_${randomBytes(12).toString('hex')}`,
          kind,
          referenceId,
          idempotencyKey,
          status,
          fields,
          decidedAt: FINAL.has(status) ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: sandboxIdentityInquiries.idempotencyKey });
      const [row] = await db
        .select()
        .from(sandboxIdentityInquiries)
        .where(eq(sandboxIdentityInquiries.idempotencyKey, idempotencyKey))
        .limit(1);
      if (!row) throw new Error('sandbox inquiry not stored');
      return { inquiryId: row.id, status: row.status as InquiryStatus };
    },
    async createSession(inquiryId) {
      const sessionToken = randomBytes(32).toString('base64url');
      const updated = await db
        .update(sandboxIdentityInquiries)
        .set({ sessionTokenHash: sha256(sessionToken), updatedAt: options.clock.now() })
        .where(eq(sandboxIdentityInquiries.id, inquiryId))
        .returning({ id: sandboxIdentityInquiries.id });
      if (updated.length === 0) throw new Error(`sandbox inquiry ${inquiryId} not found`);
      return { inquiryId, sessionToken };
    },
    async getInquiry(inquiryId) {
      const row = await find(inquiryId);
      if (!row) throw new Error(`sandbox inquiry ${inquiryId} not found`);
      return { inquiryId: row.id, status: row.status as InquiryStatus, referenceId: row.referenceId };
    },
    hostedUrl({ session, redirectUri, origin }) {
      const url = new URL(`/sandbox/identity/${encodeURIComponent(session.inquiryId)}`, origin);
      url.searchParams.set('session-token', session.sessionToken);
      url.searchParams.set('redirect-uri', redirectUri);
      return url.toString();
    },
    parseWebhook() {
      return null;
    },
    async describe(inquiryId, sessionToken) {
      const row = await find(inquiryId);
      if (!row) return 'unknown';
      if (!sameHash(row.sessionTokenHash, sha256(sessionToken))) return null;
      let status = row.status as InquiryStatus;
      if (status === 'CREATED') {
        status = 'PENDING';
        await db
          .update(sandboxIdentityInquiries)
          .set({ status, updatedAt: options.clock.now() })
          .where(eq(sandboxIdentityInquiries.id, inquiryId));
      }
      const fields = { ...row.fields };
      if (fields.businessTaxId) fields.businessTaxId = fields.businessTaxId.slice(-4);
      return {
        inquiryId: row.id,
        kind: row.kind as InquiryKind,
        status,
        fields,
        createdAt: row.createdAt.toISOString(),
      };
    },
    async decide(inquiryId, sessionToken, decision) {
      const row = await find(inquiryId);
      if (!row) return 'unknown';
      if (!sameHash(row.sessionTokenHash, sha256(sessionToken))) return 'forbidden';
      if (FINAL.has(row.status as InquiryStatus) || row.status === 'COMPLETED') return 'decided';
      if (decision === 'cancel') return { status: row.status as InquiryStatus };
      const status: InquiryStatus = decision === 'approve' ? 'APPROVED' : 'DECLINED';
      const now = options.clock.now();
      // Only an open inquiry is decided, once, even when two decisions race.
      const decided = await db
        .update(sandboxIdentityInquiries)
        .set({ status, decidedAt: now, updatedAt: now })
        .where(
          and(
            eq(sandboxIdentityInquiries.id, inquiryId),
            inArray(sandboxIdentityInquiries.status, ['CREATED', 'PENDING']),
          ),
        )
        .returning({ id: sandboxIdentityInquiries.id });
      return decided.length > 0 ? { status } : 'decided';
    },
  };
}
