import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newYorkDate } from '@ferry/domain/payments';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { accountingConnections, accountingSyncRuns } from '../modules/accounting/tables.js';
import { activityLogs } from '../modules/activity/tables.js';
import { approvalPolicies, paymentApprovals } from '../modules/approvals/tables.js';
import { invitations, sessions } from '../modules/auth/tables.js';
import { autoPaymentMappings, autoPayments } from '../modules/auto-payments/tables.js';
import { billDrafts, bills } from '../modules/bills/tables.js';
import { listBusinessesForUser } from '../modules/businesses/service.js';
import { businessMembers } from '../modules/businesses/tables.js';
import { contacts } from '../modules/contacts/tables.js';
import { invoiceDrafts, invoicePayments, invoices } from '../modules/invoices/tables.js';
import { assertLedgerBalanced } from '../modules/ledger/service.js';
import { paymentRequests } from '../modules/payment-requests/tables.js';
import { paymentTimeline } from '../modules/payments/state.js';
import { payments } from '../modules/payments/tables.js';
import { practiceMembers, practices } from '../modules/practice/tables.js';
import { roles } from '../modules/roles/tables.js';
import { findUserByEmail } from '../modules/users/service.js';
import { users } from '../modules/users/tables.js';
import { TestClock } from '../platform/clock.js';
import type { Database } from '../platform/db/client.js';
import { createJobs } from '../platform/jobs/jobs.js';
import { createLogger } from '../platform/logger.js';
import { createProviders } from '../providers/index.js';
import { openTestContextDatabase } from '../testing/test-app.js';
import { buildDemo, type DemoContext, type DemoResult } from './build.js';
import { DEMO_ACCOUNT, DEMO_APPROVALS, DEMO_GUESTS, DEMO_INVOICES, DEMO_TEAM } from './data.js';

// One demo build (about half a minute on PGlite) shared by the assertions below.
const END = new Date('2026-11-26T16:30:00.000Z');
let database: Database;
let context: DemoContext;
let result: DemoResult;
let dataDir: string;

beforeAll(async () => {
  dataDir = path.join(os.tmpdir(), `ferry-demo-test-${randomBytes(6).toString('hex')}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SERVE_WEB: 'false',
    RATE_LIMIT_MAX: '1000000',
  });
  const logger = createLogger('silent');
  database = await openTestContextDatabase();
  const clock = new TestClock(END);
  const jobs = createJobs({ database, logger, maintenance: false });
  context = { config, database, clock, jobs, providers: createProviders(config, { database, clock }) };
  result = await buildDemo(context, { end: END, logger });
}, 240_000);

afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const harborId = () => result.businesses[0]?.id ?? '';

describe('npm run demo', () => {
  it("connects Harbor's books (Sandbox Books) and the first sync writes Harbor's records there, failing none", async () => {
    const { db } = database;
    const [connection] = await db
      .select()
      .from(accountingConnections)
      .where(eq(accountingConnections.businessId, harborId()));
    expect(connection).toMatchObject({ status: 'CONNECTED', providerType: 'QBO', syncStatus: 'COMPLETED' });
    const [run] = await db
      .select()
      .from(accountingSyncRuns)
      .where(eq(accountingSyncRuns.businessId, harborId()));
    expect(run?.status).toBe('COMPLETED');
    expect(run?.failures).toEqual([]);
    expect(run?.counts.pushed.VENDOR).toBe(25);
    expect(run?.counts.pushed.CUSTOMER).toBe(16);
    expect(run?.counts.pushed.BILL_PAYMENT ?? 0).toBeGreaterThanOrEqual(20);
    expect(run?.counts.pushed.INVOICE_PAYMENT ?? 0).toBeGreaterThan(0);
  });

  it('makes the demo user with both businesses, 25 vendors, 16 customers and 86 bills including drafts', async () => {
    const { db } = database;
    expect(result.created).toBe(true);
    const user = await findUserByEmail({ db, email: DEMO_ACCOUNT.email });
    expect(user).toMatchObject({
      isEmailVerified: true,
      isPhoneNumberVerified: true,
      activeStatus: 'ACTIVE',
    });
    const owned = await listBusinessesForUser({ db, userId: user?.id ?? '' });
    expect(owned.map((b) => b.businessName).sort()).toEqual(
      [DEMO_ACCOUNT.businessName, DEMO_ACCOUNT.secondBusinessName].sort(),
    );
    const rows = await db.select().from(contacts).where(eq(contacts.businessId, harborId()));
    expect(rows.filter((c) => c.type === 'VENDOR')).toHaveLength(25);
    expect(rows.filter((c) => c.type === 'CUSTOMER')).toHaveLength(16);
    expect(rows.filter((c) => c.networkBusinessId !== null).length).toBeGreaterThanOrEqual(4);
    const billRows = await db.select().from(bills).where(eq(bills.businessId, harborId()));
    const drafts = await db.select().from(billDrafts).where(eq(billDrafts.businessId, harborId()));
    expect(billRows.length + drafts.length).toBe(86);
    // The builder's own sessions are gone: Maya signs in with her password and a code.
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? '')),
    ).toEqual([]);
  });

  it('spreads the bills over the last 90 days in every state the engine gives a bill', async () => {
    const billRows = await database.db.select().from(bills).where(eq(bills.businessId, harborId()));
    const today = newYorkDate(END);
    expect(new Set(billRows.map((b) => b.status))).toEqual(
      new Set(['unpaid', 'partial_paid', 'scheduled', 'processing', 'pending', 'paid', 'failed', 'reversed']),
    );
    const unpaid = billRows.filter((b) => b.status === 'unpaid');
    expect(unpaid.some((b) => b.dueDate < today)).toBe(true);
    expect(unpaid.some((b) => b.dueDate >= today && b.dueDate <= '2026-12-03')).toBe(true);
    expect(unpaid.some((b) => b.dueDate > '2026-12-03')).toBe(true);
    const billDates = billRows.map((b) => b.billDate).sort();
    expect((billDates[0] ?? '') >= '2026-08-28').toBe(true);
    expect((billDates[0] ?? '') <= '2026-09-10').toBe(true);
    expect((billDates.at(-1) ?? '') <= today).toBe(true);
  });

  it('has payments in every status the engine reaches here, with the timelines it wrote', async () => {
    const rows = await database.db.select().from(payments).where(eq(payments.businessId, harborId()));
    expect(new Set(rows.map((p) => p.status))).toEqual(
      new Set([
        'SCHEDULED',
        'HOLD',
        'PENDING',
        'PROCESSING',
        'DELIVERED',
        'FAILED',
        'REVERSED',
        'CANCELLED',
        'MARKED_AS_PAID',
        'IN_APPROVAL',
        'REJECTED',
      ]),
    );
    const reversed = rows.find((p) => p.status === 'REVERSED');
    const actions = (await paymentTimeline(database.db, reversed?.id ?? '')).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['CREATED', 'SUBMITTED', 'FUNDS_COLLECTED']));
    expect(actions.length).toBeGreaterThan(4);
    const failed = rows.find((p) => p.status === 'FAILED');
    expect(failed?.failureReason).not.toBeNull();
  });

  it('leaves three requests For Review and a balanced ledger', async () => {
    const open = await database.db
      .select()
      .from(paymentRequests)
      .where(
        and(eq(paymentRequests.payerBusinessId, harborId()), inArray(paymentRequests.state, ['CREATED'])),
      );
    expect(open).toHaveLength(3);
    await expect(assertLedgerBalanced(database.db)).resolves.toMatchObject({});
  });

  it("has Harbor's team: its own roles, joined members, a pending and an expired invitation, the accountant's bookkeeper", async () => {
    const { db } = database;
    const members = await db
      .select({ email: users.email, role: roles.name, isPracticeMember: businessMembers.isPracticeMember })
      .from(businessMembers)
      .innerJoin(users, eq(users.id, businessMembers.userId))
      .innerJoin(roles, eq(roles.id, businessMembers.roleId))
      .where(and(eq(businessMembers.businessId, harborId()), eq(businessMembers.status, 'ACTIVE')));
    expect(members.map((m) => [m.email, m.role, m.isPracticeMember]).sort()).toEqual(
      [
        [DEMO_ACCOUNT.email, 'Admin', false],
        [DEMO_TEAM.members[0].email, 'Accounts Payable', false],
        [DEMO_TEAM.members[1].email, 'Read-only', false],
        [DEMO_TEAM.accountant.email, 'Admin', false],
        [DEMO_TEAM.teamMember.email, 'Bookkeeper', true],
      ].sort(),
    );
    const open = await db
      .select({ email: invitations.email, expiresAt: invitations.expiresAt })
      .from(invitations)
      .where(
        and(
          eq(invitations.businessId, harborId()),
          eq(invitations.invitationType, 'OTHER_USER'),
          isNull(invitations.usedAt),
          isNull(invitations.revokedAt),
        ),
      );
    const expired = open.filter((i) => i.expiresAt <= END).map((i) => i.email);
    const pending = open.filter((i) => i.expiresAt > END).map((i) => i.email);
    expect({ expired, pending }).toEqual({
      expired: [DEMO_TEAM.expired.email],
      pending: [DEMO_TEAM.pending.email],
    });
    const team = await db
      .select({ email: practiceMembers.email, status: practiceMembers.status })
      .from(practiceMembers)
      .innerJoin(practices, eq(practices.id, practiceMembers.practiceId))
      .where(eq(practices.practiceFirmName, DEMO_TEAM.accountant.practiceFirmName));
    expect(team.map((m) => [m.email, m.status]).sort()).toEqual(
      [
        [DEMO_TEAM.teamMember.email, 'ACTIVE'],
        [DEMO_TEAM.teamPending.email, 'PENDING'],
      ].sort(),
    );
  });

  it('has approvals: a group, two policies with their audit trail, and payments at each point of the flow', async () => {
    const { db } = database;
    const flows = await db.select().from(paymentApprovals).where(eq(paymentApprovals.businessId, harborId()));
    expect(flows.map((f) => f.status).sort()).toEqual(
      ['APPROVED', 'IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS', 'REJECTED'].sort(),
    );
    const policies = await db
      .select()
      .from(approvalPolicies)
      .where(and(eq(approvalPolicies.businessId, harborId()), eq(approvalPolicies.isDefault, false)));
    expect(policies.sort((a, b) => a.orderNumber - b.orderNumber).map((p) => p.name)).toEqual([
      DEMO_APPROVALS.vendorPolicy.name,
      DEMO_APPROVALS.large.name,
    ]);
    const audit = await db
      .select({ action: activityLogs.action })
      .from(activityLogs)
      .where(and(eq(activityLogs.businessId, harborId()), eq(activityLogs.entityType, 'approval_policies')));
    expect(audit.map((a) => a.action).sort()).toEqual(
      ['POLICY_CREATED', 'POLICY_CREATED', 'POLICY_ORDER_UPDATED', 'POLICY_UPDATED'].sort(),
    );
    const approved = flows.find((f) => f.status === 'APPROVED');
    const [scheduled] = await db
      .select()
      .from(payments)
      .where(eq(payments.id, approved?.paymentId ?? ''));
    expect(scheduled?.status).toBe('SCHEDULED');
  });

  it("has Harbor's invoices in every state, and requests to its customers on Ferry, one paid through Ferry", async () => {
    const { db } = database;
    const rows = await db.select().from(invoices).where(eq(invoices.businessId, harborId()));
    expect(rows).toHaveLength(DEMO_INVOICES.length + 3 + DEMO_GUESTS.autoPayer.invoices.length);
    expect(result.counts).toMatchObject({
      invoices: DEMO_INVOICES.length + 3 + DEMO_GUESTS.autoPayer.invoices.length,
      requestsSent: 3,
    });
    const statuses = new Set(rows.map((r) => r.status));
    for (const status of ['paid', 'partial_paid', 'unpaid', 'requested'] as const) {
      expect(statuses.has(status), status).toBe(true);
    }
    const today = newYorkDate(END);
    expect(rows.some((r) => r.balanceCents > 0 && r.dueDate < today)).toBe(true);
    // Saltwater Kitchen paid INV-2401 from its For Review: a payment delivered through the engine.
    const paidThroughFerry = rows.find((r) => r.refNo === 'INV-2401');
    expect(paidThroughFerry).toMatchObject({ status: 'paid', balanceCents: 0 });
    const receipts = await db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, paidThroughFerry?.id ?? ''));
    expect(receipts.map((r) => r.kind)).toEqual(['RECEIVED']);
    const drafts = await db.select().from(invoiceDrafts).where(eq(invoiceDrafts.businessId, harborId()));
    expect(drafts).toHaveLength(2);
    await expect(assertLedgerBalanced(db)).resolves.toMatchObject({});
  });

  it('has the guest flows: a customer not on Ferry paid part of a request, a vendor with no bank accepted a payment', async () => {
    const { db } = database;
    expect(result.counts).toMatchObject({ guestPaid: 1, guestAccepted: 1 });
    // Ocean Beach Surf Shop paid $400 of INV-2403 by bank as a guest: Received and delivered, the rest open.
    const [guestPaid] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.businessId, harborId()), eq(invoices.refNo, DEMO_GUESTS.customer.refNo)));
    expect(guestPaid).toMatchObject({ status: 'partial_paid', amountCents: 100_000, balanceCents: 60_000 });
    const receipts = await db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, guestPaid?.id ?? ''));
    expect(receipts.map((r) => [r.kind, r.amountCents])).toEqual([['RECEIVED', 40_000]]);
    const [received] = await db
      .select()
      .from(payments)
      .where(eq(payments.id, receipts[0]?.paymentId ?? ''));
    expect(received).toMatchObject({ status: 'DELIVERED', amountCents: 40_000, method: 'BANK' });
    expect(received?.businessId).not.toBe(harborId());
    // Seaside Security Systems had no bank: it accepted Harbor's payment as a guest and it was delivered.
    const [bill] = await db
      .select()
      .from(bills)
      .where(and(eq(bills.businessId, harborId()), eq(bills.refNo, DEMO_GUESTS.vendor.refNo)));
    const [accepted] = await db
      .select()
      .from(payments)
      .where(eq(payments.billId, bill?.id ?? ''));
    expect(accepted).toMatchObject({ status: 'DELIVERED', awaitingPayeeDetails: false, amountCents: 64_000 });
    expect(bill?.status).toBe('paid');
    // Others still wait for their vendor to accept.
    const waiting = await db
      .select()
      .from(payments)
      .where(and(eq(payments.businessId, harborId()), eq(payments.awaitingPayeeDetails, true)));
    expect(waiting.length).toBeGreaterThan(0);
    await expect(assertLedgerBalanced(db)).resolves.toMatchObject({});
  });

  it('has auto payments: a customer not on Ferry authorised them, one invoice was paid on its due date, the next is scheduled', async () => {
    const { db } = database;
    expect(result.counts).toMatchObject({ autoPayAuthorized: 1 });
    const [mapping] = await db
      .select()
      .from(autoPaymentMappings)
      .where(eq(autoPaymentMappings.payeeBusinessId, harborId()));
    expect(mapping).toMatchObject({ status: 'ACCEPTED', paymentMethod: 'BANK' });
    const [first, second] = DEMO_GUESTS.autoPayer.invoices.map((plan) => plan.refNo);
    const runOf = async (refNo: string | undefined) => {
      const [invoice] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.businessId, harborId()), eq(invoices.refNo, refNo ?? '')));
      const [run] = await db
        .select()
        .from(autoPayments)
        .where(eq(autoPayments.invoiceId, invoice?.id ?? ''));
      const [payment] = await db
        .select()
        .from(payments)
        .where(eq(payments.id, run?.paymentId ?? ''));
      return { invoice, run, payment };
    };
    const paid = await runOf(first);
    expect(paid.run).toMatchObject({ status: 'SUBMITTED' });
    expect(paid.payment).toMatchObject({ status: 'DELIVERED', isAuto: true });
    // Paid on its due date (or the next business day when that falls on a weekend or holiday).
    expect((paid.payment?.processDate ?? '') >= (paid.invoice?.dueDate ?? '')).toBe(true);
    expect(paid.invoice).toMatchObject({ status: 'paid', balanceCents: 0 });
    const next = await runOf(second);
    expect(next.run).toMatchObject({ status: 'SUBMITTED' });
    expect(next.payment).toMatchObject({ status: 'SCHEDULED', isAuto: true });
    expect((next.payment?.processDate ?? '') >= (next.invoice?.dueDate ?? '')).toBe(true);
    await expect(assertLedgerBalanced(db)).resolves.toMatchObject({});
  });

  it('changes nothing when run again', async () => {
    const before = await database.db.select().from(bills);
    const again = await buildDemo(context, { end: END, logger: createLogger('silent') });
    expect(again.created).toBe(false);
    expect(again.businesses.map((b) => b.id)).toEqual(result.businesses.map((b) => b.id));
    expect(await database.db.select().from(bills)).toHaveLength(before.length);
  });
});
