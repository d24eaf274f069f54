import {
  APPROVAL_MESSAGES,
  type ApprovePaymentItem,
  type BulkApproveResult,
  formatMoney,
  toCents,
} from '@ferry/domain';
import { Button, Group, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { useSubmissionKey } from '@/components/pay/use-submission-key';
import { getErrorMessage } from '@/lib/api-error';
import { useBulkApprove } from '../api/approvals-api';
import { formatDollars } from '../utils/approval-display';
import { REMARKS_MAX } from './approval-action-bar';

/** The contract's limit of one bulk approval. */
export const BULK_APPROVE_MAX = 50;

const plural = (count: number) => `${count} ${count === 1 ? 'payment' : 'payments'}`;

export const BULK_APPROVE_TEXT = {
  title: 'Approve selected payments',
  intro: (count: number, total: string) => `Approve ${plural(count)} totalling ${total}?`,
  note: 'Each payment moves to its next approval stage, or is scheduled when yours is the last approval.',
  confirm: (count: number) => `Approve ${plural(count)}`,
} as const;

export type BulkApproveDialogProps = {
  businessId: string;
  opened: boolean;
  payments: readonly ApprovePaymentItem[];
  onClose: () => void;
  /** The server answered: the dialog closes (the toast lists what failed). */
  onDone: (result: BulkApproveResult) => void;
};

/** A toast body: how many were approved, then each refusal with its payment. */
const ResultMessage = ({
  result,
  payments,
}: {
  result: BulkApproveResult;
  payments: readonly ApprovePaymentItem[];
}) => {
  const done = result.results.filter((r) => r.ok).length;
  const failed = result.results.flatMap((r) => (r.ok ? [] : [r]));
  const byId = new Map(payments.map((payment) => [payment.id, payment]));
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {APPROVAL_MESSAGES.bulkApproved(done, result.results.length)}
      </Text>
      {failed.length > 0 ? (
        <Stack component="ul" gap={2} m={0} pl="md">
          {failed.map((failure) => {
            const payment = byId.get(failure.paymentId);
            const name = payment ? `${payment.vendor.name} (${payment.bill.refNo})` : failure.paymentId;
            return (
              <Text component="li" size="sm" key={failure.paymentId}>
                {`${name}: ${failure.error.message}`}
              </Text>
            );
          })}
        </Stack>
      ) : null}
    </Stack>
  );
};

/**
 * The confirm step of 'Approve selected': how many payments and their total, each listed, optional
 * remarks; Approve sends them in one call (one Idempotency-Key per selection) and a toast tells how many
 * were approved, listing the ones that were not and why.
 */
export const BulkApproveDialog = ({
  businessId,
  opened,
  payments,
  onClose,
  onDone,
}: BulkApproveDialogProps) => {
  const bulk = useBulkApprove(businessId);
  const submissionKey = useSubmissionKey();
  const [remarks, setRemarks] = useState('');
  const [error, setError] = useState<string | null>(null);
  const totalCents = payments.reduce((sum, payment) => sum + toCents(payment.amount), 0);
  const tooMany = payments.length > BULK_APPROVE_MAX;
  const tooLong = remarks.trim().length > REMARKS_MAX;

  const close = () => {
    if (bulk.isPending) return;
    setError(null);
    setRemarks('');
    onClose();
  };

  const approve = () => {
    const trimmed = remarks.trim();
    const body = {
      paymentIds: payments.map((payment) => payment.id),
      ...(trimmed ? { remarks: trimmed } : {}),
    };
    setError(null);
    bulk.mutate(
      { body, idempotencyKey: submissionKey.keyFor(body) },
      {
        onSuccess: (result) => {
          submissionKey.reset();
          const failures = result.results.filter((r) => !r.ok).length;
          notifications.show({
            color: failures === 0 ? 'teal' : failures === result.results.length ? 'red' : 'yellow',
            message: <ResultMessage result={result} payments={payments} />,
            autoClose: failures === 0 ? undefined : false,
          });
          setRemarks('');
          onDone(result);
        },
        onError: (failure) => setError(getErrorMessage(failure)),
      },
    );
  };

  return (
    <Dialog
      opened={opened}
      onClose={close}
      title={BULK_APPROVE_TEXT.title}
      closeOnClickOutside={!bulk.isPending}
      closeOnEscape={!bulk.isPending}
      withCloseButton={!bulk.isPending}
    >
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {BULK_APPROVE_TEXT.intro(payments.length, formatMoney(totalCents))}
        </Text>
        <Text size="sm" c="dimmed">
          {BULK_APPROVE_TEXT.note}
        </Text>
        <ScrollArea.Autosize mah={220} type="auto" offsetScrollbars>
          <Stack
            component="ul"
            gap={4}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Payments to approve"
          >
            {payments.map((payment) => (
              <Group component="li" key={payment.id} justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {`${payment.vendor.name} · ${payment.bill.refNo}`}
                </Text>
                <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {formatDollars(payment.amount)}
                </Text>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Textarea
          label="Remarks"
          description="Optional. Added to each payment's approval log."
          rows={2}
          value={remarks}
          disabled={bulk.isPending}
          onChange={(event) => setRemarks(event.currentTarget.value)}
          error={tooLong ? `Remarks cannot exceed ${REMARKS_MAX} characters.` : undefined}
        />
        {tooMany ? <ErrorAlert>{`Select at most ${BULK_APPROVE_MAX} payments at a time.`}</ErrorAlert> : null}
        <ErrorAlert>{error}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={bulk.isPending}>
            Cancel
          </Button>
          <Button
            onClick={approve}
            loading={bulk.isPending}
            disabled={payments.length === 0 || tooMany || tooLong}
            data-autofocus
          >
            {BULK_APPROVE_TEXT.confirm(payments.length)}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
};
