import { randomUUID } from 'node:crypto';
import type { PolicyStageRule } from '@ferry/domain/approvals';
import { APPROVAL_TEXTS } from '@ferry/domain/catalogues';
import { APPROVAL_MESSAGES } from '@ferry/domain/schemas';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { addMemberWithPermissions } from '../../testing/contact-factories.js';
import { makeUser, signIn } from '../../testing/factories.js';
import type { AuthHeaders } from '../../testing/test-app.js';
import { useTestApp } from '../../testing/test-app.js';
import { bills } from '../bills/tables.js';
import { ledgerTransactions } from '../ledger/tables.js';
import { messages } from '../notifications/tables.js';
import { paymentEvents, payments } from '../payments/tables.js';
import { makeBill, type Payer, payer, payUrl, postPayment } from '../payments/testing.js';
import type { UserRow } from '../users/tables.js';
import { approvalGroupMembers, approvalGroups, approvalPolicies, paymentApprovals } from './tables.js';

const t = useTestApp();
const START = '2026-11-02T15:00:00.000Z'; // Monday 10:00 in New York
beforeEach(() => t.clock.set(START));

interface Member {
  user: UserRow;
  headers: AuthHeaders;
}

const APPROVER = ['PAY_FULL_ACCESS.manage'];

async function member(p: Payer, permissions = APPROVER, name = 'Approver'): Promise<Member> {
  const user = await makeUser(t.context, { firstName: name, lastName: 'Member' });
  await addMemberWithPermissions(t.context, { businessId: p.businessId, user, permissions });
  return { user, headers: await signIn(t.context, user) };
}

async function group(p: Payer, name: string, users: readonly UserRow[]): Promise<string> {
  const id = newId();
  const db = t.context.database.db;
  await db
    .insert(approvalGroups)
    .values({ id, businessId: p.businessId, name, description: `${name} group` });
  for (const user of users) {
    await db.insert(approvalGroupMembers).values({ groupId: id, userId: user.id, businessId: p.businessId });
  }
  return id;
}

const stage = (order: number, rule: Partial<PolicyStageRule>): PolicyStageRule => ({
  order,
  criteria: 'ANYONE',
  minApprovals: null,
  bypassLowerLevelApprovals: false,
  userIds: [],
  groupIds: [],
  ...rule,
});

/** A policy for payments over `overCents`, written to the table (the policy routes have their own tests). */
async function policy(p: Payer, name: string, overCents: number, stages: PolicyStageRule[], order = 1) {
  const id = newId();
  await t.context.database.db.insert(approvalPolicies).values({
    id,
    businessId: p.businessId,
    name,
    orderNumber: order,
    conditions: { amount: { operator: 'greaterThan', minCents: overCents, maxCents: null }, vendors: null },
    stages,
  });
  return id;
}

const call = (p: Payer, who: Member | Payer, kind: 'approve' | 'reject', paymentId: string, action: string) =>
  t.app.inject({
    method: 'POST',
    url: payUrl(p.businessId, `/payment-approval-policy/${kind}`),
    headers: { ...who.headers, 'idempotency-key': randomUUID() },
    payload: { paymentId, action },
  });

const detailAs = async (p: Payer, who: Member | Payer, paymentId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: payUrl(p.businessId, `/payments/${paymentId}`),
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

async function pay(p: Payer, amount: string) {
  const bill = await makeBill(t, p, amount);
  const res = await postPayment(t, p, {
    billId: bill.id,
    paymentInstrumentId: p.bank.id,
    amount,
    processDate: '2026-11-02',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { bill, payment: res.json().data as { id: string; status: string } };
}

const billRow = async (id: string) => {
  const [row] = await t.context.database.db.select().from(bills).where(eq(bills.id, id));
  if (!row) throw new Error('no bill');
  return row;
};

const mailsTo = async (email: string) =>
  t.context.database.db.select().from(messages).where(eq(messages.to, email.toLowerCase()));

/** The setup: three members; stage 1 a group (ANYONE), stage 2 a user who may bypass. */
async function twoStage() {
  const p = await payer(t);
  const ana = await member(p, APPROVER, 'Ana');
  const ben = await member(p, APPROVER, 'Ben');
  const cleo = await member(p, APPROVER, 'Cleo');
  const finance = await group(p, 'Finance', [ana.user, ben.user]);
  const policyId = await policy(p, 'Over $1,000', 100_000, [
    stage(1, { groupIds: [finance] }),
    stage(2, { userIds: [cleo.user.id], bypassLowerLevelApprovals: true }),
  ]);
  return { p, ana, ben, cleo, finance, policyId };
}

describe('payments through approval', () => {
  it('a covered payment goes to approval; stage 2 bypass-approves and it is scheduled', async () => {
    const { p, ana, ben, cleo } = await twoStage();
    const { bill, payment } = await pay(p, '5000.00');
    expect(payment.status).toBe('IN_APPROVAL');
    expect((await billRow(bill.id)).scheduledCents).toBe(500_000);
    // The first stage's approvers are mailed; the submitter's detail offers nothing to do.
    expect(await mailsTo(ana.user.email)).toHaveLength(1);
    expect(await mailsTo(ben.user.email)).toHaveLength(1);
    expect(await mailsTo(cleo.user.email)).toHaveLength(0);
    const mine = await detailAs(p, p, payment.id);
    expect(mine.approval).toMatchObject({
      policyName: 'Over $1,000',
      status: 'IN_PROGRESS',
      currentStage: 1,
      stageCount: 2,
    });
    expect(mine.approval.viewer.state).toBe('NONE');
    expect(mine.approval.awaiting.sort()).toEqual(['Ana Member', 'Ben Member']);
    expect(mine.timeline.map((e: { label: string }) => e.label)).toContain('Submitted for Approval');

    // Cleo sits at stage 2, which may bypass stage 1, and it is the last (ANYONE): final bypass.
    const cleoView = await detailAs(p, cleo, payment.id);
    expect(cleoView.approval.viewer).toMatchObject({
      state: 'FINAL_BYPASS_ALLOWED',
      isFinal: true,
      message: APPROVAL_TEXTS.awaitingPrior,
    });
    const plain = await call(p, cleo, 'approve', payment.id, 'approve');
    expect(plain.statusCode).toBe(409);
    expect(plain.json()).toMatchObject({ errorCode: 'BYPASS_REQUIRED' });

    const res = await call(p, cleo, 'approve', payment.id, 'byPassAndApproveSchedule');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: APPROVAL_MESSAGES.approvedAndScheduled,
      data: { outcome: 'APPROVED' },
    });
    expect(res.json().data.payment.status).toBe('SCHEDULED');
    const after = await detailAs(p, p, payment.id);
    expect(after.approval.status).toBe('APPROVED');
    expect(after.approval.stages[0]).toMatchObject({ isBypassed: true, isApproved: false });
    expect(after.approval.stages[1].approvers[0]).toMatchObject({
      approvalStatus: 'APPROVED',
      hasBypassedLowerLevel: true,
    });
    expect(after.timeline.map((e: { label: string }) => e.label)).toEqual(
      expect.arrayContaining(['Submitted for Approval', 'Bypassed and Approved', 'Scheduled']),
    );
    // The submitter hears the outcome; stage 1 cannot act any more.
    expect((await mailsTo(p.owner.email)).some((m) => m.subject.includes('was approved'))).toBe(true);
    expect((await call(p, ana, 'approve', payment.id, 'approve')).json()).toMatchObject({
      errorCode: 'PAYMENT_NOT_IN_APPROVAL',
    });
  });

  it('a payment no policy covers is scheduled at once', async () => {
    const { p } = await twoStage();
    const { payment } = await pay(p, '500.00');
    expect(payment.status).toBe('SCHEDULED');
    expect((await detailAs(p, p, payment.id)).approval).toBeNull();
  });

  it('a rejected payment frees its bill and never reaches the rails', async () => {
    const { p, ana } = await twoStage();
    const { bill, payment } = await pay(p, '2500.00');
    const anaView = await detailAs(p, ana, payment.id);
    expect(anaView.approval.viewer).toMatchObject({ state: 'APPROVAL_ALLOWED', isFinal: false });
    const res = await call(p, ana, 'reject', payment.id, 'reject');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ outcome: 'REJECTED', payment: { status: 'REJECTED' } });
    expect((await billRow(bill.id)).scheduledCents).toBe(0);
    const posted = await t.context.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.paymentId, payment.id));
    expect(posted).toHaveLength(0);
    // Approve is not a reject action and vice versa.
    expect((await call(p, ana, 'approve', payment.id, 'reject')).statusCode).toBe(422);
    expect((await mailsTo(p.owner.email)).some((m) => m.subject.includes('was rejected'))).toBe(true);
  });

  it('stage approvals advance the flow and mail the next stage; ALL needs every approver', async () => {
    const p = await payer(t);
    const ana = await member(p, APPROVER, 'Ana');
    const ben = await member(p, APPROVER, 'Ben');
    const cleo = await member(p, APPROVER, 'Cleo');
    await policy(p, 'Two keys', 100_000, [
      stage(1, { criteria: 'ALL', userIds: [ana.user.id, ben.user.id] }),
      stage(2, { userIds: [cleo.user.id] }),
    ]);
    const { payment } = await pay(p, '1500.00');
    // Cleo's stage does not allow bypass: she waits, with the notice and no checkbox.
    expect((await detailAs(p, cleo, payment.id)).approval.viewer).toMatchObject({
      state: 'SHOW_MESSAGE',
      message: APPROVAL_TEXTS.awaitingPrior,
    });
    expect((await call(p, cleo, 'approve', payment.id, 'byPassAndApprove')).json()).toMatchObject({
      errorCode: 'AWAITING_PRIOR_APPROVALS',
    });
    const first = await call(p, ana, 'approve', payment.id, 'approve');
    expect(first.json().data).toMatchObject({
      outcome: 'STAGE_APPROVED',
      payment: { status: 'IN_APPROVAL' },
    });
    expect((await detailAs(p, ana, payment.id)).approval.viewer).toMatchObject({
      state: 'SHOW_MESSAGE',
      message: APPROVAL_TEXTS.alreadyActed,
    });
    expect((await call(p, ana, 'approve', payment.id, 'approve')).json()).toMatchObject({
      errorCode: 'APPROVAL_ALREADY_ACTED',
    });
    expect(await mailsTo(cleo.user.email)).toHaveLength(0);
    await call(p, ben, 'approve', payment.id, 'approve&Submit');
    expect(await mailsTo(cleo.user.email)).toHaveLength(1);
    const cleoView = await detailAs(p, cleo, payment.id);
    expect(cleoView.approval).toMatchObject({
      currentStage: 2,
      viewer: { state: 'FINAL_APPROVAL', message: APPROVAL_TEXTS.finalApprover },
    });
    const last = await call(p, cleo, 'approve', payment.id, 'approveAndSchedule');
    expect(last.json().data).toMatchObject({ outcome: 'APPROVED', payment: { status: 'SCHEDULED' } });
  });

  it('nobody approves a payment they submitted; a stage with no one else refuses the payment', async () => {
    const p = await payer(t);
    const ana = await member(p, APPROVER, 'Ana');
    const finance = await group(p, 'Finance', [p.owner, ana.user]);
    await policy(p, 'Owner and Ana', 100_000, [stage(1, { groupIds: [finance] })]);
    const { payment } = await pay(p, '2000.00');
    const view = await detailAs(p, p, payment.id);
    expect(view.approval.stages[0].approvers.map((a: { userName: string }) => a.userName)).toEqual([
      'Ana Member',
    ]);
    expect((await call(p, p, 'approve', payment.id, 'approve')).json()).toMatchObject({
      errorCode: 'SELF_APPROVAL',
    });

    // Ana submits one herself: nobody is left in stage 1 — refused, nothing is scheduled.
    const bill = await makeBill(t, p, '3000.00');
    const res = await postPayment(
      t,
      { businessId: p.businessId, headers: ana.headers },
      {
        billId: bill.id,
        paymentInstrumentId: p.bank.id,
        amount: '3000.00',
        processDate: '2026-11-02',
      },
    );
    // The owner is in the group too: the stage still has an approver.
    expect(res.statusCode, res.body).toBe(201);
    await t.context.database.db
      .delete(approvalGroupMembers)
      .where(eq(approvalGroupMembers.userId, p.owner.id));
    const lone = await makeBill(t, p, '3000.00');
    const refused = await postPayment(
      t,
      { businessId: p.businessId, headers: ana.headers },
      {
        billId: lone.id,
        paymentInstrumentId: p.bank.id,
        amount: '3000.00',
        processDate: '2026-11-02',
      },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'APPROVAL_NO_APPROVERS',
      message: APPROVAL_MESSAGES.noApprovers('Owner and Ana', 1),
    });
    expect((await billRow(lone.id)).scheduledCents).toBe(0);
    expect(
      await t.context.database.db.select().from(payments).where(eq(payments.billId, lone.id)),
    ).toHaveLength(0);
  });

  it('a policy or group edit never changes a flow in progress', async () => {
    const { p, ana, ben, cleo, finance, policyId } = await twoStage();
    const { payment } = await pay(p, '5000.00');
    const before = (await detailAs(p, p, payment.id)).approval.stages;
    const db = t.context.database.db;
    await db
      .update(approvalPolicies)
      .set({ stages: [stage(1, { userIds: [cleo.user.id] })] })
      .where(eq(approvalPolicies.id, policyId));
    await db.delete(approvalGroupMembers).where(eq(approvalGroupMembers.groupId, finance));
    expect((await detailAs(p, p, payment.id)).approval.stages).toEqual(before);
    // Ana still approves stage 1 of the snapshot; Ben cannot approve it twice after.
    expect((await call(p, ana, 'approve', payment.id, 'approve')).json().data.outcome).toBe('STAGE_APPROVED');
    expect((await call(p, ben, 'approve', payment.id, 'approve')).json()).toMatchObject({
      errorCode: 'NOT_AN_APPROVER',
    });
  });

  it('two concurrent final approvals schedule the payment once', async () => {
    const { p, ana, ben } = await twoStage();
    await t.context.database.db
      .update(approvalPolicies)
      .set({ stages: [stage(1, { userIds: [ana.user.id, ben.user.id] })] })
      .where(eq(approvalPolicies.businessId, p.businessId));
    const { payment } = await pay(p, '5000.00');
    const results = await Promise.all([
      call(p, ana, 'approve', payment.id, 'approveAndSchedule'),
      call(p, ben, 'approve', payment.id, 'approveAndSchedule'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const scheduled = await t.context.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, payment.id), eq(paymentEvents.action, 'SCHEDULED')));
    expect(scheduled).toHaveLength(1);
    const [row] = await t.context.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.status).toBe('SCHEDULED');
  });

  it('approve and cancel at once: the payment ends one way, the bill agrees', async () => {
    const { p, cleo } = await twoStage();
    const { bill, payment } = await pay(p, '5000.00');
    const [approve, cancel] = await Promise.all([
      call(p, cleo, 'approve', payment.id, 'byPassAndApproveSchedule'),
      t.app.inject({
        method: 'PATCH',
        url: payUrl(p.businessId, `/payments/${payment.id}/cancel/scheduled-payment`),
        headers: p.headers,
        payload: {},
      }),
    ]);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [row] = await t.context.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.status).toBe('CANCELLED');
    expect((await billRow(bill.id)).scheduledCents).toBe(0);
    const [approval] = await t.context.database.db
      .select()
      .from(paymentApprovals)
      .where(eq(paymentApprovals.paymentId, payment.id));
    // Either the approval came first (then the cancel cancelled a scheduled payment), or the cancel did.
    expect(approve.statusCode === 200 ? approval?.status : 'CANCELLED').toBe(approval?.status);
    const submitted = await t.context.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, payment.id), eq(paymentEvents.action, 'SUBMITTED')));
    expect(submitted).toHaveLength(0);
  });

  it('cancelling a payment in approval ends its approval and frees the bill', async () => {
    const { p, ana } = await twoStage();
    const { bill, payment } = await pay(p, '5000.00');
    const res = await t.app.inject({
      method: 'PATCH',
      url: payUrl(p.businessId, `/payments/${payment.id}/cancel/scheduled-payment`),
      headers: p.headers,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await billRow(bill.id)).scheduledCents).toBe(0);
    expect((await detailAs(p, p, payment.id)).approval.status).toBe('CANCELLED');
    expect((await call(p, ana, 'approve', payment.id, 'approve')).json()).toMatchObject({
      errorCode: 'PAYMENT_NOT_IN_APPROVAL',
    });
  });

  it('lists, the overview, bulk approve and the match call', async () => {
    const { p, ana, cleo } = await twoStage();
    const one = await pay(p, '5000.00');
    t.clock.set('2026-11-02T15:05:00.000Z');
    const two = await pay(p, '1200.00');
    const list = async (who: Member | Payer, path: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/approve-payment/${p.businessId}/${path}`,
        headers: who.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const awaitingAna = await list(ana, 'unapproved');
    expect(awaitingAna.total).toBe(2);
    expect(awaitingAna.items[0]).toMatchObject({
      id: two.payment.id,
      approval: { policyName: 'Over $1,000', stageCount: 2 },
    });
    expect((await list(cleo, 'unapproved')).total).toBe(0);
    expect((await list(cleo, 'unapproved?awaitingApprovalFromOthers=true')).total).toBe(2);
    expect(await list(ana, 'summary/overview')).toMatchObject({
      awaitingYourApproval: { total: 2, amount: 6200 },
      awaitingOthers: { total: 0 },
    });

    const bulk = await t.app.inject({
      method: 'POST',
      url: payUrl(p.businessId, '/payment-approval-policy/bulk-approve'),
      headers: { ...ana.headers, 'idempotency-key': randomUUID() },
      payload: { paymentIds: [one.payment.id, two.payment.id] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().data.results).toEqual([
      { paymentId: one.payment.id, ok: true, outcome: 'STAGE_APPROVED' },
      { paymentId: two.payment.id, ok: true, outcome: 'STAGE_APPROVED' },
    ]);
    expect((await list(cleo, 'unapproved')).total).toBe(2);
    await call(p, cleo, 'reject', one.payment.id, 'reject');
    expect((await list(p, 'approved?status=REJECTED')).items.map((i: { id: string }) => i.id)).toEqual([
      one.payment.id,
    ]);
    expect(await list(p, 'summary/overview')).toMatchObject({ rejected: { total: 1, amount: 5000 } });

    const match = async (amount: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: payUrl(p.businessId, '/approvals/policies/match'),
          headers: p.headers,
          payload: { vendorId: p.vendor.id, amount },
        })
      ).json().data;
    expect(await match('1000.00')).toEqual({ policy: null });
    expect(await match('1000.01')).toMatchObject({
      policy: {
        name: 'Over $1,000',
        stageCount: 2,
        firstApprovers: expect.arrayContaining(['Ana Member', 'Ben Member']),
      },
    });
  });

  it('a delegate approves on behalf of an approver who is away', async () => {
    const { p, ana } = await twoStage();
    const dee = await member(p, APPROVER, 'Dee');
    const set = await t.app.inject({
      method: 'PUT',
      url: payUrl(p.businessId, '/approval-delegation'),
      headers: ana.headers,
      payload: { delegateUserId: dee.user.id, startsOn: '2026-11-01', endsOn: '2026-11-06' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ delegate: { name: 'Dee Member' }, isActive: true });
    const { payment } = await pay(p, '5000.00');
    expect((await detailAs(p, dee, payment.id)).approval.viewer.state).toBe('APPROVAL_ALLOWED');
    const res = await call(p, dee, 'approve', payment.id, 'approve');
    expect(res.json().data.outcome, res.body).toBe('STAGE_APPROVED');
    const approver = res
      .json()
      .data.approval.stages[0].approvers.find((a: { userName: string }) => a.userName === 'Ana Member');
    expect(approver).toMatchObject({ approvalStatus: 'APPROVED', onBehalfOf: { name: 'Dee Member' } });
    // Not oneself, and only someone who can approve bills.
    const self = await t.app.inject({
      method: 'PUT',
      url: payUrl(p.businessId, '/approval-delegation'),
      headers: ana.headers,
      payload: { delegateUserId: ana.user.id, startsOn: '2026-11-01', endsOn: '2026-11-06' },
    });
    expect(self.statusCode).toBe(422);
  });

  it('rescheduling a payment scheduled before a policy covered it puts it through approval, once', async () => {
    const p = await payer(t);
    const ana = await member(p, APPROVER, 'Ana');
    const { payment } = await pay(p, '3000.00');
    expect(payment.status).toBe('SCHEDULED');
    await policy(p, 'Over $1,000', 100_000, [stage(1, { userIds: [ana.user.id] })]);
    const reschedule = (date: string) =>
      t.app.inject({
        method: 'PATCH',
        url: payUrl(p.businessId, `/payments/${payment.id}/reschedule/scheduled-payment`),
        headers: p.headers,
        payload: { scheduledDate: date },
      });
    const res = await reschedule('2026-11-09');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('IN_APPROVAL');
    const view = await detailAs(p, p, payment.id);
    expect(view.timeline.map((e: { label: string }) => e.label)).toEqual(
      expect.arrayContaining(['Payment rescheduled', 'Submitted for Approval']),
    );
    const approved = await call(p, ana, 'approve', payment.id, 'approveAndSchedule');
    expect(approved.json().data.payment).toMatchObject({ status: 'SCHEDULED', processDate: '2026-11-09' });
    // Approved once: another reschedule keeps it scheduled.
    expect((await reschedule('2026-11-10')).json().data.status).toBe('SCHEDULED');
  });

  it('needs the approve right, and another business’s payment is not found', async () => {
    const { p } = await twoStage();
    const viewer = await member(p, ['PAY_FULL_ACCESS.view'], 'Vera');
    const { payment } = await pay(p, '5000.00');
    expect((await call(p, viewer, 'approve', payment.id, 'approve')).statusCode).toBe(403);
    const other = await payer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: payUrl(other.businessId, '/payment-approval-policy/approve'),
      headers: { ...other.headers, 'idempotency-key': randomUUID() },
      payload: { paymentId: payment.id, action: 'approve' },
    });
    expect(res.statusCode).toBe(404);
  });
});
