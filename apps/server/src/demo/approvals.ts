import { addBusinessDays } from '@ferry/domain/dates';
import { DEMO_APPROVALS, DEMO_TEAM, DEMO_VENDORS } from './data.js';

type Headers = Record<string, string>;
type Call = (options: {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  headers: Headers;
  payload?: object;
}) => Promise<Record<string, unknown>>;

interface Step {
  day: number;
  label: string;
  run: () => Promise<void>;
}

/**
 * Harbor's approvals (issue 18), made through the routes as its people would: Maya sets up a 'Finance
 * leads' group and a 'Large payments' policy a week before today; Daniel (Accounts Payable) pays four big
 * bills, which go to approval — one approved by both stages and scheduled, one rejected by Priya, one
 * waiting for Maya's final approval, one waiting for the finance leads — and today Maya adds a
 * vendor policy that takes priority and pays a bill it covers. Large payments use a threshold above every
 * other demo payment, so the rest of the demo pays as before.
 */
export function demoApprovals(options: {
  call: Call;
  biz: (businessId: string, rest: string) => string;
  harborId: string;
  /** Maya's headers (renewed each day by the builder). */
  headers: Headers;
  mayaId: string;
  teamIds: ReadonlyMap<string, string>;
  vendorIds: readonly string[];
  bankId: string;
  accountFor: (n: number) => string;
  sessionFor: (userId: string) => Promise<Headers>;
  dayOf: (k: number) => string;
  lastDay: number;
}): Step[] {
  const { call, biz, harborId, headers } = options;
  const H = options.lastDay;
  const idOf = (email: string) => {
    const id = options.teamIds.get(email);
    if (!id) throw new Error(`${email} has not joined Harbor`);
    return id;
  };
  const daniel = () => options.sessionFor(idOf(DEMO_TEAM.members[0].email));
  const priya = () => options.sessionFor(idOf(DEMO_TEAM.accountant.email));
  const state = { groupId: '', largeId: '', payments: new Map<string, string>() };

  const billAndPay = async (key: keyof typeof DEMO_APPROVALS.payments, day: number, payer: Headers) => {
    const plan = DEMO_APPROVALS.payments[key];
    const vendorId = options.vendorIds[plan.vendorIndex];
    if (!vendorId) throw new Error(`no vendor ${plan.vendorIndex}`);
    const billDate = options.dayOf(day - 6);
    const bill = await call({
      method: 'POST',
      url: biz(harborId, '/bills'),
      headers,
      payload: {
        vendorId,
        refNo: plan.refNo,
        billDate,
        dueDate: addBusinessDays(billDate, 20),
        memo: plan.memo,
        lines: [
          {
            chartAccountId: options.accountFor(plan.vendorIndex),
            description: plan.memo,
            quantity: 1,
            unitPrice: plan.amount,
          },
        ],
      },
    });
    const payment = await call({
      method: 'POST',
      url: biz(harborId, '/payments'),
      headers: payer,
      payload: {
        billId: bill.id,
        paymentInstrumentId: options.bankId,
        amount: plan.amount,
        processDate: addBusinessDays(options.dayOf(day), plan.inBusinessDays),
        remarks: plan.memo,
      },
    });
    if (payment.status !== 'IN_APPROVAL') throw new Error(`${plan.refNo} did not go to approval`);
    state.payments.set(key, payment.id as string);
  };
  const decide = async (
    key: keyof typeof DEMO_APPROVALS.payments,
    who: Headers,
    kind: 'approve' | 'reject',
    action: string,
    remarks?: string,
  ) => {
    await call({
      method: 'POST',
      url: biz(harborId, `/payment-approval-policy/${kind}`),
      headers: who,
      payload: { paymentId: state.payments.get(key), action, ...(remarks ? { remarks } : {}) },
    });
  };

  return [
    {
      day: H - 8,
      label: 'Maya sets up approvals',
      run: async () => {
        const group = await call({
          method: 'POST',
          url: biz(harborId, '/approval-group'),
          headers,
          payload: {
            ...DEMO_APPROVALS.group,
            userIds: [idOf(DEMO_TEAM.members[0].email), idOf(DEMO_TEAM.accountant.email)],
          },
        });
        state.groupId = (group.group as { id: string }).id;
        const large = await call({
          method: 'POST',
          url: biz(harborId, '/approvals/policies'),
          headers,
          payload: {
            name: DEMO_APPROVALS.large.name,
            description: DEMO_APPROVALS.large.firstDescription,
            conditions: { amount: { operator: 'greaterThan', min_value: DEMO_APPROVALS.large.over } },
            stages: [
              {
                order: 1,
                approvalRequiredFrom: 'ANYONE',
                approvers: { approvalGroups: [state.groupId], users: [] },
              },
              {
                order: 2,
                approvalRequiredFrom: 'ANYONE',
                bypassLowerLevelApprovals: true,
                approvers: { users: [options.mayaId, idOf(DEMO_TEAM.accountant.email)], approvalGroups: [] },
              },
            ],
          },
        });
        state.largeId = (large.policy as { id: string }).id;
      },
    },
    {
      day: H - 7,
      label: 'Maya rewords the policy',
      run: async () => {
        const policy = await call({
          method: 'GET',
          url: biz(harborId, `/approvals/policies/${state.largeId}`),
          headers,
        });
        const stages = (
          policy.stages as {
            order: number;
            approvalRequiredFrom: string;
            bypassLowerLevelApprovals: boolean;
            approvers: { users: { userId: string }[]; approvalGroups: { groupId: string }[] };
          }[]
        ).map((s) => ({
          order: s.order,
          approvalRequiredFrom: s.approvalRequiredFrom,
          bypassLowerLevelApprovals: s.bypassLowerLevelApprovals,
          approvers: {
            users: s.approvers.users.map((u) => u.userId),
            approvalGroups: s.approvers.approvalGroups.map((g) => g.groupId),
          },
        }));
        await call({
          method: 'PATCH',
          url: biz(harborId, '/approvals/policies'),
          headers,
          payload: {
            policyId: state.largeId,
            name: DEMO_APPROVALS.large.name,
            description: DEMO_APPROVALS.large.description,
            conditions: { amount: { operator: 'greaterThan', min_value: DEMO_APPROVALS.large.over } },
            stages,
          },
        });
      },
    },
    {
      day: H - 5,
      label: 'Daniel pays two large bills',
      run: async () => {
        const danielHeaders = await daniel();
        await billAndPay('scheduled', H - 5, danielHeaders);
        await billAndPay('rejected', H - 5, danielHeaders);
      },
    },
    {
      day: H - 4,
      label: 'Priya approves one and rejects the other',
      run: async () => {
        const priyaHeaders = await priya();
        await decide('scheduled', priyaHeaders, 'approve', 'approve&Submit');
        await decide(
          'rejected',
          priyaHeaders,
          'reject',
          'reject',
          DEMO_APPROVALS.payments.rejected.rejection,
        );
      },
    },
    {
      day: H - 3,
      label: 'Maya gives the final approval',
      run: async () => {
        await decide(
          'scheduled',
          headers,
          'approve',
          'approveAndSchedule',
          'Approved: the new roaster parts.',
        );
      },
    },
    {
      day: H - 2,
      label: 'Daniel pays the green coffee contract',
      run: async () => {
        await billAndPay('awaitingMaya', H - 2, await daniel());
      },
    },
    {
      day: H - 1,
      label: 'Priya approves the first stage',
      run: async () => {
        await decide('awaitingMaya', await priya(), 'approve', 'approve&Submit');
      },
    },
    {
      day: H,
      label: 'Daniel pays the rent; Maya adds a vendor policy and pays a fit-out bill',
      run: async () => {
        await billAndPay('awaitingLeads', H, await daniel());
        const vendorId = options.vendorIds[DEMO_APPROVALS.vendorPolicy.vendorIndex];
        const fitOut = await call({
          method: 'POST',
          url: biz(harborId, '/approvals/policies'),
          headers,
          payload: {
            name: DEMO_APPROVALS.vendorPolicy.name,
            description: DEMO_APPROVALS.vendorPolicy.description,
            conditions: {
              amount: { operator: 'greaterThan', min_value: DEMO_APPROVALS.vendorPolicy.over },
              vendorIds: [
                { label: DEMO_VENDORS[DEMO_APPROVALS.vendorPolicy.vendorIndex]?.name ?? '', value: vendorId },
              ],
            },
            stages: [
              {
                order: 1,
                approvalRequiredFrom: 'ALL',
                approvers: { users: [options.mayaId, idOf(DEMO_TEAM.members[0].email)], approvalGroups: [] },
              },
            ],
          },
        });
        await call({
          method: 'PATCH',
          url: biz(harborId, '/approvals/policies/order'),
          headers,
          payload: { policyIds: [(fitOut.policy as { id: string }).id, state.largeId] },
        });
        await billAndPay('fitOut', H, headers);
      },
    },
  ];
}
