import { APPROVAL_MESSAGES, APPROVAL_TEXTS, type PaymentApproval, type PaymentDetail } from '@ferry/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeTestBank, TEST_BANK_ID } from '@/testing/banks';
import { makeTestBusiness, mockBusinessApi } from '@/testing/businesses';
import { fail, headersOf, type MockHandler, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import {
  API,
  APPROVE_API,
  decisionReply,
  makeApprovalPayment,
  makeApprover,
  makeStage,
  PAYMENT_ID,
  REJECT_API,
} from '../testing/approvals';
import { PaymentApprovalPanel } from './payment-approval-panel';

type Viewer = PaymentApproval['viewer'];
const viewer = (state: Viewer['state'], extra: Partial<Viewer> = {}): Viewer => ({
  state,
  isFinal: state === 'FINAL_APPROVAL' || state === 'FINAL_BYPASS_ALLOWED',
  stageOrder: 1,
  message: null,
  ...extra,
});

const BANK_METHOD = {
  type: 'BANK',
  id: TEST_BANK_ID,
  bankName: 'Chase',
  accountType: 'BUSINESS_CHECKING',
  accountMask: '1234',
} as const;

const setup = (
  payment: PaymentDetail,
  handlers: Record<string, MockHandler> = {},
  business = makeTestBusiness(),
) => {
  const api = mockBusinessApi(business, {
    [`GET ${API}/bank/accounts`]: ok([makeTestBank()]),
    [`POST ${APPROVE_API}`]: ok(decisionReply('STAGE_APPROVED')),
    [`POST ${REJECT_API}`]: ok(decisionReply('REJECTED')),
    ...handlers,
  });
  const view = renderWithProviders(<PaymentApprovalPanel businessId={business.id} payment={payment} />);
  return { api, ...view };
};

const paymentWith = (approval: Partial<PaymentApproval>, overrides: Partial<PaymentDetail> = {}) =>
  makeApprovalPayment(approval, { paymentMethod: BANK_METHOD, ...overrides });

const approveButton = () => screen.getByRole('button', { name: 'Approve' });
const rejectButton = () => screen.getByRole('button', { name: 'Reject' });
const enabledApprove = () => waitFor(() => expect(approveButton()).toBeEnabled());

describe('Approval log', () => {
  it('shows the policy, numbered stages with their criteria, approvers and decisions, the current stage', () => {
    setup(
      paymentWith({
        stageCount: 3,
        currentStage: 2,
        stages: [
          makeStage({
            order: 1,
            isApproved: true,
            isCurrentStage: false,
            approvers: [
              makeApprover({
                approvalStatus: 'APPROVED',
                reviewedAt: '2026-11-05T15:30:00',
                remarks: 'Matches the PO',
                groupNames: ['Finance'],
                onBehalfOf: { id: 'aaaaaaaaaaaaaaaaaaaaaa09', name: 'Dorothy Vaughan' },
              }),
              makeApprover({
                userId: 'aaaaaaaaaaaaaaaaaaaaaa02',
                label: 'Alan Turing',
                approvalStatus: 'NOT_REQUIRED',
              }),
            ],
          }),
          makeStage({
            order: 2,
            approvalRequiredFrom: 'QUORUM',
            required: 2,
            approvers: [
              makeApprover({ userId: 'aaaaaaaaaaaaaaaaaaaaaa03', label: 'Katherine Johnson' }),
              makeApprover({ userId: 'aaaaaaaaaaaaaaaaaaaaaa04', label: 'Mary Jackson' }),
            ],
          }),
          makeStage({
            order: 3,
            approvalRequiredFrom: 'ALL',
            isCurrentStage: false,
            bypassLowerLevelApprovals: true,
            approvers: [makeApprover({ userId: 'aaaaaaaaaaaaaaaaaaaaaa05', label: 'Annie Easley' })],
          }),
        ],
        viewer: viewer('NONE', { stageOrder: null }),
      }),
    );
    const panel = screen.getByRole('region', { name: 'Approvals' });
    expect(within(panel).getByText('Payments over $1,000')).toBeInTheDocument();
    expect(within(panel).getByText(/Submitted by Ada Lovelace/)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Stage 1 · Anyone of',
      'Stage 2 · 2 of',
      'Stage 3 · All of',
    ]);
    expect(
      within(screen.getByRole('list', { name: 'Approval stages' })).getAllByRole('heading'),
    ).toHaveLength(3);

    const first = within(screen.getByRole('list', { name: 'Stage 1 · Anyone of approvers' }));
    const grace = first.getAllByRole('listitem')[0] as HTMLElement;
    expect(within(grace).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(grace).getByText('Approved')).toBeInTheDocument();
    expect(within(grace).getByText('Nov 05, 2026 15:30')).toBeInTheDocument();
    expect(within(grace).getByText('“Matches the PO”')).toBeInTheDocument();
    expect(within(grace).getByText('via Finance')).toBeInTheDocument();
    expect(within(grace).getByText('Dorothy Vaughan on behalf of Grace Hopper')).toBeInTheDocument();
    expect(first.getByText('Not required')).toBeInTheDocument();

    const current = screen.getByRole('heading', { name: 'Stage 2 · 2 of' }).closest('li');
    expect(current).toHaveAttribute('aria-current', 'step');
    expect(within(current as HTMLElement).getByText('Current stage')).toBeInTheDocument();
    expect(within(current as HTMLElement).getAllByText('Pending')).toHaveLength(2);
    expect(screen.getByText('Approvers here may bypass the earlier stages.')).toBeInTheDocument();
    // Nothing to do for this member: no action bar, the log still shows.
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your decision' })).not.toBeInTheDocument();
  });

  it('marks a bypassed stage and the member who bypassed it', () => {
    setup(
      paymentWith({
        status: 'APPROVED',
        currentStage: null,
        stages: [
          makeStage({
            order: 1,
            isBypassed: true,
            isCurrentStage: false,
            approvers: [makeApprover({ approvalStatus: 'BYPASSED' })],
          }),
          makeStage({
            order: 2,
            isApproved: true,
            isCurrentStage: false,
            approvers: [
              makeApprover({
                userId: 'aaaaaaaaaaaaaaaaaaaaaa03',
                label: 'Katherine Johnson',
                approvalStatus: 'APPROVED',
                hasBypassedLowerLevel: true,
                reviewedAt: '2026-11-06T09:00:00',
              }),
            ],
          }),
        ],
        viewer: viewer('NONE', { stageOrder: null }),
      }),
    );
    const bypassed = screen
      .getByRole('heading', { name: 'Stage 1 · Anyone of' })
      .closest('li') as HTMLElement;
    expect(bypassed).toHaveAttribute('data-bypassed', 'true');
    expect(within(bypassed).getAllByText('Bypassed')).toHaveLength(2);
    expect(screen.getByText('Bypassed the earlier stages')).toBeInTheDocument();
    expect(screen.queryByText('Current stage')).not.toBeInTheDocument();
  });

  it('renders nothing for a payment no policy covered', () => {
    setup(makeApprovalPayment({}, { approval: null }));
    expect(screen.queryByRole('region', { name: 'Approvals' })).not.toBeInTheDocument();
  });
});

describe('Approval action bar', () => {
  it('approval allowed: Approve hands the payment to the next stage (approve&Submit) with remarks and a key', async () => {
    const user = userEvent.setup();
    const { api } = setup(paymentWith({}));
    await enabledApprove();
    expect(rejectButton()).toBeEnabled();
    expect(screen.queryByText(APPROVAL_TEXTS.finalApprover)).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Remarks/ }), '  Looks right  ');
    await user.click(approveButton());
    expect(await screen.findByText(APPROVAL_MESSAGES.approved)).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${APPROVE_API}`)).toEqual([
      { paymentId: PAYMENT_ID, action: 'approve&Submit', remarks: 'Looks right' },
    ]);
    expect(headersOf(api, APPROVE_API)[0]?.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // No confirm step before an approval that is not the last.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('approval allowed: Reject sends reject and toasts the answer', async () => {
    const user = userEvent.setup();
    const { api } = setup(paymentWith({}));
    await enabledApprove();
    await user.click(rejectButton());
    expect(await screen.findByText(APPROVAL_MESSAGES.rejected)).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${REJECT_API}`)).toEqual([{ paymentId: PAYMENT_ID, action: 'reject' }]);
    expect(api.callsTo(`POST ${APPROVE_API}`)).toHaveLength(0);
  });

  it('toasts the answer even when the refreshed payment takes the bar away before the answer arrives', async () => {
    const user = userEvent.setup();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { rerender } = setup(paymentWith({}), {
      [`POST ${REJECT_API}`]: async () => {
        await answered;
        return ok(decisionReply('REJECTED'));
      },
    });
    await enabledApprove();
    await user.click(rejectButton());
    // The payment now needs nothing of this person: the page drops the panel (as a refetch would).
    rerender(<div />);
    answer();
    expect(await screen.findByText(APPROVAL_MESSAGES.rejected)).toBeInTheDocument();
  });

  it('final approval: says so, and asks to confirm (amount, vendor, date, method) before approveAndSchedule', async () => {
    const user = userEvent.setup();
    const { api } = setup(paymentWith({ viewer: viewer('FINAL_APPROVAL', { stageOrder: 2 }) }), {
      [`POST ${APPROVE_API}`]: ok(decisionReply('APPROVED')),
    });
    expect(screen.getByText(APPROVAL_TEXTS.finalApprover)).toBeInTheDocument();
    await enabledApprove();
    await user.click(approveButton());
    let dialog = await screen.findByRole('dialog', { name: 'Confirm final approval' });
    expect(within(dialog).getByText('$1,250.50')).toBeInTheDocument();
    expect(within(dialog).getByText('Blue Bottle Supply')).toBeInTheDocument();
    expect(within(dialog).getByText('Nov 10, 2026')).toBeInTheDocument();
    expect(within(dialog).getByText('Chase *** 1234')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`POST ${APPROVE_API}`)).toHaveLength(0);

    await user.click(approveButton());
    dialog = await screen.findByRole('dialog', { name: 'Confirm final approval' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve payment' }));
    expect(await screen.findByText(APPROVAL_MESSAGES.approvedAndScheduled)).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${APPROVE_API}`)).toEqual([
      { paymentId: PAYMENT_ID, action: 'approveAndSchedule' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('final approval: a refusal stays in the confirm step with the server message', async () => {
    const user = userEvent.setup();
    setup(paymentWith({ viewer: viewer('FINAL_APPROVAL') }), {
      [`POST ${APPROVE_API}`]: fail(409, APPROVAL_MESSAGES.notInApproval, {
        errorCode: 'PAYMENT_NOT_IN_APPROVAL',
      }),
    });
    await enabledApprove();
    await user.click(approveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Confirm final approval' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve payment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(APPROVAL_MESSAGES.notInApproval);
  });

  it('bypass allowed: the notice and the box; ticking it enables byPassAndApprove and byPassAndReject', async () => {
    const user = userEvent.setup();
    const { api } = setup(
      paymentWith({
        viewer: viewer('BYPASS_ALLOWED', { stageOrder: 2, message: APPROVAL_TEXTS.awaitingPrior }),
      }),
    );
    expect(screen.getByText(APPROVAL_TEXTS.awaitingPrior)).toBeInTheDocument();
    const box = screen.getByRole('checkbox', { name: 'Bypass approval' });
    expect(box).not.toBeChecked();
    // Loaded, yet disabled until the box is ticked.
    await waitFor(() => expect(api.callsTo(`GET ${API}/bank/accounts`)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(approveButton()).toBeDisabled();
    expect(rejectButton()).toBeDisabled();
    await user.click(box);
    await enabledApprove();
    await user.click(approveButton());
    expect(await screen.findByText(APPROVAL_MESSAGES.approved)).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${APPROVE_API}`)).toEqual([
      { paymentId: PAYMENT_ID, action: 'byPassAndApprove' },
    ]);

    await user.click(screen.getByRole('checkbox', { name: 'Bypass approval' }));
    await user.click(rejectButton());
    await waitFor(() =>
      expect(api.bodiesOf(`POST ${REJECT_API}`)).toEqual([
        { paymentId: PAYMENT_ID, action: 'byPassAndReject' },
      ]),
    );
  });

  it('final bypass allowed: ticked, Approve confirms first and sends byPassAndApproveSchedule', async () => {
    const user = userEvent.setup();
    const { api } = setup(
      paymentWith({
        viewer: viewer('FINAL_BYPASS_ALLOWED', { stageOrder: 2, message: APPROVAL_TEXTS.awaitingPrior }),
      }),
      { [`POST ${APPROVE_API}`]: ok(decisionReply('APPROVED')) },
    );
    await user.click(screen.getByRole('checkbox', { name: 'Bypass approval' }));
    await enabledApprove();
    await user.click(approveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Confirm final approval' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve payment' }));
    await screen.findByText(APPROVAL_MESSAGES.approvedAndScheduled);
    expect(api.bodiesOf(`POST ${APPROVE_API}`)).toEqual([
      { paymentId: PAYMENT_ID, action: 'byPassAndApproveSchedule' },
    ]);
  });

  it('a member who already acted sees the message only', () => {
    setup(
      paymentWith({
        viewer: viewer('SHOW_MESSAGE', { stageOrder: null, message: APPROVAL_TEXTS.alreadyActed }),
      }),
    );
    expect(screen.getByText(APPROVAL_TEXTS.alreadyActed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('waits for a payment method, and for a bank that may pay (bypass: only a verified one)', async () => {
    const user = userEvent.setup();
    const { unmount } = setup(paymentWith({}, { paymentMethod: null }));
    expect(await screen.findByText(APPROVAL_TEXTS.selectPaymentMethod)).toBeInTheDocument();
    expect(approveButton()).toBeDisabled();
    expect(rejectButton()).toBeDisabled();
    unmount();

    const second = setup(paymentWith({}), {
      [`GET ${API}/bank/accounts`]: ok([
        makeTestBank({ verificationStatus: 'PENDING', accountStatus: 'NOT_VERIFIED' }),
      ]),
    });
    expect(await screen.findByText(APPROVAL_TEXTS.selectVerifiedBank)).toBeInTheDocument();
    expect(approveButton()).toBeDisabled();
    second.unmount();

    // An expired login may still pay, but not with bypass.
    const expired = {
      [`GET ${API}/bank/accounts`]: ok([makeTestBank({ accountStatus: 'EXPIRED', status: 'EXPIRED' })]),
    };
    const third = setup(paymentWith({}), expired);
    await enabledApprove();
    third.unmount();
    setup(paymentWith({ viewer: viewer('BYPASS_ALLOWED', { stageOrder: 2 }) }), expired);
    await user.click(screen.getByRole('checkbox', { name: 'Bypass approval' }));
    expect(await screen.findByText(APPROVAL_TEXTS.selectVerifiedBank)).toBeInTheDocument();
    expect(approveButton()).toBeDisabled();
  });

  it('shows the server message when a decision is refused', async () => {
    const user = userEvent.setup();
    setup(paymentWith({}), {
      [`POST ${APPROVE_API}`]: fail(409, APPROVAL_MESSAGES.selfApproval, { errorCode: 'SELF_APPROVAL' }),
    });
    await enabledApprove();
    await user.click(approveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(APPROVAL_MESSAGES.selfApproval);
    expect(screen.queryByText(APPROVAL_MESSAGES.approved)).not.toBeInTheDocument();
  });

  it('disables the actions for a role that may not approve, without reading the banks it may not read', async () => {
    const { api } = setup(
      paymentWith({}),
      {},
      makeTestBusiness({ role: 'Viewer', permissions: ['PAY_APPROVE_AND_PAY_BILLS.view'] }),
    );
    await waitFor(() => expect(api.callsTo(`GET ${API}`)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(approveButton()).toBeDisabled();
    expect(api.callsTo(`GET ${API}/bank/accounts`)).toHaveLength(0);
  });
});
