import type { ApprovalDelegation } from '@ferry/domain';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { ErrorState } from '@/components/error-state';
import { localToday } from '@/components/pay/process-date';
import { getErrorMessage } from '@/lib/api-error';
import { useApprovalDelegation, useEndDelegation } from '../api/approval-delegation';
import {
  DELEGATION_BADGES,
  DELEGATION_TEXT,
  delegationPhaseOf,
  describeDelegation,
} from '../utils/delegation';
import { APPROVALS_TOUR_TARGETS } from './approvals-tour';
import { DelegationDialog } from './delegation-dialog';

const HEADING_ID = 'approval-delegation-heading';

type EndDelegationDialogProps = {
  businessId: string;
  opened: boolean;
  /** The delegation to end (kept while the dialog closes). */
  delegation: ApprovalDelegation | null;
  onClose: () => void;
};

/** Asks before the delegation ends; a failure shows in the dialog, which stays open. */
const EndDelegationDialog = ({ businessId, opened, delegation, onClose }: EndDelegationDialogProps) => {
  const end = useEndDelegation(businessId);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    if (end.isPending) return;
    setFailure(null);
    onClose();
  };
  const confirm = async () => {
    setFailure(null);
    try {
      await end.mutateAsync();
      notifications.show({ color: 'teal', message: DELEGATION_TEXT.ended });
      onClose();
    } catch (error) {
      setFailure(getErrorMessage(error));
    }
  };
  return (
    <Dialog opened={opened} onClose={close} title={DELEGATION_TEXT.end}>
      <Stack gap="lg">
        <Text size="sm">
          {delegation
            ? `End your delegation to ${delegation.delegate.name}? From now on, payments awaiting your approval wait for you.`
            : null}
        </Text>
        <ErrorAlert>{failure}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={end.isPending}>
            {DELEGATION_TEXT.cancel}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={end.isPending} data-autofocus>
            {DELEGATION_TEXT.end}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
};

/**
 * 'Away from work?' on the Approvals tab, for members who can approve: the member's own delegation (who
 * approves in their place, from and until when, active or scheduled), or a short explanation and 'Name a
 * delegate'. While it is active, the delegate's decisions show in the approval log on behalf of them.
 */
export const ApprovalDelegationCard = ({ businessId }: { businessId: string }) => {
  const today = useMemo(localToday, []);
  const query = useApprovalDelegation(businessId);
  const endRemoved = useEndDelegation(businessId);
  // Each dialog keeps what it opened with while it closes.
  const [editing, setEditing] = useState<{ opened: boolean; current: ApprovalDelegation | null }>({
    opened: false,
    current: null,
  });
  const [ending, setEnding] = useState<{ opened: boolean; delegation: ApprovalDelegation | null }>({
    opened: false,
    delegation: null,
  });
  const openEditor = (current: ApprovalDelegation | null) => setEditing({ opened: true, current });

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={DELEGATION_TEXT.loading}>
        <Skeleton height={14} width="70%" />
        <Skeleton height={30} width={160} />
      </Stack>
    );
  } else if (query.isError) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.data === null) {
    body = (
      <Group justify="space-between" gap="md">
        <Text size="sm">{DELEGATION_TEXT.explanation}</Text>
        <Button variant="light" onClick={() => openEditor(null)}>
          {DELEGATION_TEXT.name}
        </Button>
      </Group>
    );
  } else {
    const delegation = query.data;
    const phase = delegationPhaseOf(delegation, today);
    const badge = DELEGATION_BADGES[phase];
    body = (
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="center">
          <Text size="sm" fw={500}>
            {describeDelegation(delegation, phase)}
          </Text>
          <Badge color={badge.color} variant="light">
            {badge.label}
          </Badge>
        </Group>
        {phase === 'ended' ? null : (
          <Text size="xs" c="dimmed">
            {DELEGATION_TEXT.onBehalf}
          </Text>
        )}
        {phase === 'ended' ? (
          <Group gap="sm">
            <Button variant="light" onClick={() => openEditor(null)}>
              {DELEGATION_TEXT.name}
            </Button>
            <Button
              variant="subtle"
              color="gray"
              loading={endRemoved.isPending}
              onClick={() =>
                endRemoved.mutate(undefined, {
                  onSuccess: () => notifications.show({ color: 'teal', message: DELEGATION_TEXT.ended }),
                  onError: (error) => notifications.show({ color: 'red', message: getErrorMessage(error) }),
                })
              }
            >
              {DELEGATION_TEXT.remove}
            </Button>
          </Group>
        ) : (
          <Group gap="sm">
            <Button variant="light" onClick={() => openEditor(delegation)}>
              {DELEGATION_TEXT.change}
            </Button>
            <Button variant="subtle" color="red" onClick={() => setEnding({ opened: true, delegation })}>
              {DELEGATION_TEXT.end}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="lg"
      aria-labelledby={HEADING_ID}
      data-tour={APPROVALS_TOUR_TARGETS.delegation}
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id={HEADING_ID}>
          {DELEGATION_TEXT.title}
        </Title>
        {body}
      </Stack>
      <DelegationDialog
        businessId={businessId}
        opened={editing.opened}
        current={editing.current}
        onClose={() => setEditing((state) => ({ ...state, opened: false }))}
      />
      <EndDelegationDialog
        businessId={businessId}
        opened={ending.opened}
        delegation={ending.delegation}
        onClose={() => setEnding((state) => ({ ...state, opened: false }))}
      />
    </Paper>
  );
};
