import { formatDateTime, type PaymentApproval } from '@ferry/domain';
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { ApproverAvatar } from '@/components/approvers/approver-avatar';
import { StatusBadge } from '@/components/status-badge';
import { criteriaLabel } from '../utils/action-bar';
import { APPROVAL_STATUS_DISPLAY, APPROVER_STATUS_DISPLAY, stageState } from '../utils/approval-display';

type Stage = PaymentApproval['stages'][number];
type Approver = Stage['approvers'][number];

const LIST_RESET = { listStyle: 'none', margin: 0, padding: 0 } as const;

const ApproverItem = ({ approver, stageIndex }: { approver: Approver; stageIndex: number }) => {
  const status = APPROVER_STATUS_DISPLAY[approver.approvalStatus];
  const remarks = approver.remarks?.trim();
  return (
    <Box component="li" data-approver-status={approver.approvalStatus}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {/* The name follows in text: the avatar is decoration for screen readers. */}
        <Box component="span" aria-hidden style={{ display: 'inline-flex' }}>
          <ApproverAvatar name={approver.label} colorIndex={stageIndex} size={32} />
        </Box>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {approver.label}
            </Text>
            <StatusBadge label={status.label} colour={status.colour} />
          </Group>
          {approver.groupNames.length > 0 ? (
            <Text size="xs" c="dimmed">{`via ${approver.groupNames.join(', ')}`}</Text>
          ) : null}
          {approver.reviewedAt ? (
            <Text size="xs" c="dimmed">
              <time dateTime={approver.reviewedAt}>{formatDateTime(approver.reviewedAt)}</time>
            </Text>
          ) : null}
          {approver.onBehalfOf ? (
            <Text size="xs" c="dimmed">{`${approver.onBehalfOf.name} on behalf of ${approver.label}`}</Text>
          ) : null}
          {approver.hasBypassedLowerLevel ? (
            <Text size="xs" c="dimmed">
              Bypassed the earlier stages
            </Text>
          ) : null}
          {remarks ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {`“${remarks}”`}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Box>
  );
};

const StageItem = ({ stage, index, flowOpen }: { stage: Stage; index: number; flowOpen: boolean }) => {
  const state = stageState(stage, flowOpen);
  const title = `${stage.stage || `Stage ${stage.order}`} · ${criteriaLabel(stage)}`;
  return (
    <Box
      component="li"
      p="sm"
      aria-current={stage.isCurrentStage ? 'step' : undefined}
      data-current={stage.isCurrentStage || undefined}
      data-bypassed={stage.isBypassed || undefined}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: `1px ${stage.isBypassed ? 'dashed' : 'solid'} ${
          stage.isCurrentStage ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)'
        }`,
        background: stage.isCurrentStage ? 'var(--mantine-primary-color-0)' : undefined,
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={3} fz="sm" fw={700}>
            {title}
          </Title>
          {state ? <StatusBadge label={state.label} colour={state.colour} /> : null}
        </Group>
        {stage.bypassLowerLevelApprovals ? (
          <Text size="xs" c="dimmed">
            Approvers here may bypass the earlier stages.
          </Text>
        ) : null}
        <Stack component="ul" gap="sm" style={LIST_RESET} aria-label={`${title} approvers`}>
          {stage.approvers.map((approver) => (
            <ApproverItem key={approver.userId} approver={approver} stageIndex={index} />
          ))}
        </Stack>
      </Stack>
    </Box>
  );
};

export type ApprovalLogProps = { approval: PaymentApproval };

/**
 * A payment's approval log (spec 001 §2–§3): the policy and the flow's status, who submitted it and when,
 * then each numbered stage ('Stage 1 · Anyone of', 'All of', '2 of') with its approvers — avatar in the
 * stage's palette colour, status, when they decided ('MMM DD, YYYY HH:mm'), remarks, and who acted on
 * their behalf. The current stage is highlighted; a bypassed stage is marked (dashed, 'Bypassed').
 */
export const ApprovalLog = ({ approval }: ApprovalLogProps) => {
  const status = APPROVAL_STATUS_DISPLAY[approval.status];
  const flowOpen = approval.status === 'IN_PROGRESS';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" fw={500}>
            Approval policy
          </Text>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {approval.policyName}
          </Text>
        </Stack>
        <StatusBadge label={status.label} colour={status.colour} />
      </Group>
      <Text size="xs" c="dimmed">
        {approval.submittedBy ? `Submitted by ${approval.submittedBy.name} · ` : 'Submitted · '}
        <time dateTime={approval.submittedAt}>{formatDateTime(approval.submittedAt)}</time>
      </Text>
      <Stack component="ol" gap="sm" style={LIST_RESET} aria-label="Approval stages">
        {approval.stages.map((stage, index) => (
          <StageItem key={stage.order} stage={stage} index={index} flowOpen={flowOpen} />
        ))}
      </Stack>
    </Stack>
  );
};
