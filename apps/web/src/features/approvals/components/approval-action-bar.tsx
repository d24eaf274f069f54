import {
  APPROVAL_MESSAGES,
  APPROVAL_TEXTS,
  type ApprovalAction,
  type ApprovalActionRequest,
  type ApprovalOutcome,
  defineAbilityFor,
  type PaymentApproval,
  type PaymentView,
} from '@ferry/domain';
import { Alert, Button, Checkbox, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { usePayerBankAccounts } from '@/components/pay/pay-api';
import { useSubmissionKey } from '@/components/pay/use-submission-key';
import { getErrorMessage } from '@/lib/api-error';
import { useBusinessAccess } from '@/lib/business-access';
import { useApprovalDecision } from '../api/approvals-api';
import { type ActionBarModel, actionBarModel, methodBlocker } from '../utils/action-bar';
import { FinalApprovalDialog } from './final-approval-dialog';

/** Remarks sent with a decision (the contract's limit). */
export const REMARKS_MAX = 500;

/** The toast of a decision, by what it did. */
export const OUTCOME_MESSAGES: Record<ApprovalOutcome, string> = {
  STAGE_APPROVED: APPROVAL_MESSAGES.approved,
  APPROVED: APPROVAL_MESSAGES.approvedAndScheduled,
  REJECTED: APPROVAL_MESSAGES.rejected,
};

export type ApprovalActionBarProps = {
  businessId: string;
  payment: PaymentView;
  approval: PaymentApproval;
};

/**
 * The approval action bar of a payment (spec 001 §2, §4), per what the member may do: Reject and Approve;
 * the final approver's sentence (Approve then asks to confirm: it moves money); the awaiting-prior notice
 * with the 'Bypass approval' box that turns the actions into their bypass variants; or a message only.
 * Optional remarks. The buttons wait while loading, and for a payment method that may pay.
 */
export const ApprovalActionBar = ({ businessId, payment, approval }: ApprovalActionBarProps) => {
  const model = actionBarModel(approval);
  if (model.kind === 'none') return null;
  if (model.kind === 'message') {
    return (
      <Alert color="blue" variant="light" role="status" icon={<IconInfoCircle size={18} aria-hidden />}>
        {model.message}
      </Alert>
    );
  }
  // A new decision point (another stage, another state) starts with a fresh form.
  return (
    <DecisionForm
      key={`${approval.viewer.state}-${approval.viewer.stageOrder}`}
      businessId={businessId}
      payment={payment}
      model={model}
    />
  );
};

type DecisionFormProps = {
  businessId: string;
  payment: PaymentView;
  model: Extract<ActionBarModel, { kind: 'act' }>;
};

const DecisionForm = ({ businessId, payment, model }: DecisionFormProps) => {
  const titleId = useId();
  const remarksCountId = useId();
  const businessQuery = useBusinessAccess(businessId);
  const ability = businessQuery.data ? defineAbilityFor(businessQuery.data.permissions) : null;
  const canApprove = ability?.can('manage', 'PayApproveAndPayBills') ?? false;
  // The bank's verification is checked here only for members who may read the banks; the server always is.
  const method = payment.paymentMethod;
  const checksBank = (ability?.can('read', 'PaymentMethod') ?? false) && method?.type === 'BANK';
  const banksQuery = usePayerBankAccounts(businessId, checksBank);
  const decision = useApprovalDecision(businessId);
  const submissionKey = useSubmissionKey();

  const [bypass, setBypass] = useState(false);
  const [remarks, setRemarks] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const withBypass = model.bypass !== null;
  const actions = withBypass ? (bypass ? model.bypass : null) : model.actions;
  const loading = businessQuery.isPending || (checksBank && banksQuery.isPending) || decision.isPending;
  const blocker = methodBlocker(method, checksBank ? banksQuery.data : undefined, { bypass: withBypass });
  const tooLong = remarks.trim().length > REMARKS_MAX;
  const disabled =
    loading || actions === null || blocker !== null || !canApprove || payment.amount <= 0 || tooLong;

  const send = (action: ApprovalAction) => {
    if (decision.isPending) return;
    const trimmed = remarks.trim();
    const body: ApprovalActionRequest = {
      paymentId: payment.id,
      action,
      ...(trimmed ? { remarks: trimmed } : {}),
    };
    setError(null);
    // The promise, not mutate's callbacks: the decision refreshes the payment before it settles, and a
    // payment no longer awaiting this person unmounts the bar, which would drop those callbacks — and the
    // toast with them.
    decision.mutateAsync({ body, idempotencyKey: submissionKey.keyFor(body) }).then(
      (result) => {
        notifications.show({ color: 'teal', message: OUTCOME_MESSAGES[result.outcome] });
        submissionKey.reset();
        setConfirming(false);
        setRemarks('');
        setBypass(false);
      },
      (failure) => setError(getErrorMessage(failure)),
    );
  };

  const approve = () => {
    if (!actions) return;
    if (model.isFinal) {
      setError(null);
      setConfirming(true);
    } else send(actions.approve);
  };

  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId} data-testid="approval-action-bar">
      <Title order={3} fz="sm" id={titleId}>
        Your decision
      </Title>
      {model.notice ? (
        <Alert
          color={withBypass ? 'yellow' : 'blue'}
          variant="light"
          icon={<IconInfoCircle size={18} aria-hidden />}
        >
          {model.notice}
        </Alert>
      ) : null}
      {withBypass ? (
        <Checkbox
          label={APPROVAL_TEXTS.bypassApproval}
          checked={bypass}
          disabled={decision.isPending}
          onChange={(event) => {
            setBypass(event.currentTarget.checked);
            setError(null);
          }}
        />
      ) : null}
      <div>
        <Textarea
          label="Remarks"
          description="Optional. Shown in the approval log."
          rows={2}
          value={remarks}
          disabled={decision.isPending}
          onChange={(event) => setRemarks(event.currentTarget.value)}
          error={tooLong ? `Remarks cannot exceed ${REMARKS_MAX} characters.` : undefined}
          aria-describedby={remarksCountId}
        />
        <Text id={remarksCountId} size="xs" ta="right" c={tooLong ? 'red.8' : 'dimmed'}>
          {`${remarks.trim().length}/${REMARKS_MAX}`}
        </Text>
      </div>
      {blocker && !loading ? (
        <Text size="sm" c="red.8" role="status">
          {blocker}
        </Text>
      ) : null}
      {confirming ? null : <ErrorAlert>{error}</ErrorAlert>}
      <Group justify="flex-end" gap="sm">
        <Button
          variant="light"
          color="red"
          disabled={disabled}
          loading={
            decision.isPending && actions !== null && decision.variables?.body.action === actions.reject
          }
          onClick={() => actions && send(actions.reject)}
        >
          Reject
        </Button>
        <Button
          disabled={disabled}
          loading={decision.isPending && !confirming && decision.variables?.body.action === actions?.approve}
          onClick={approve}
        >
          Approve
        </Button>
      </Group>
      <FinalApprovalDialog
        opened={confirming}
        payment={payment}
        pending={decision.isPending}
        error={error}
        onConfirm={() => actions && send(actions.approve)}
        onClose={() => {
          setConfirming(false);
          setError(null);
        }}
      />
    </Stack>
  );
};
