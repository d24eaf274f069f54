import { formatDate, type PaymentView } from '@ferry/domain';
import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { formatDollars, formatMethod } from '../utils/approval-display';

export const FINAL_APPROVAL_TEXT = {
  title: 'Confirm final approval',
  intro: 'Yours is the last approval this payment needs. Once you approve, it is paid as shown here.',
  confirm: 'Approve payment',
} as const;

const Row = ({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) => (
  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
    <Text size="sm" c="dimmed" component="dt">
      {label}
    </Text>
    <Text
      size="sm"
      fw={strong ? 700 : 500}
      ta="right"
      component="dd"
      m={0}
      style={{ overflowWrap: 'anywhere' }}
    >
      {children}
    </Text>
  </Group>
);

export type FinalApprovalDialogProps = {
  opened: boolean;
  payment: PaymentView;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * The confirm step before a final approval (it moves money): amount, vendor, process date and method.
 * It cannot be closed while the approval is being sent.
 */
export const FinalApprovalDialog = ({
  opened,
  payment,
  pending,
  error,
  onConfirm,
  onClose,
}: FinalApprovalDialogProps) => (
  <Dialog
    opened={opened}
    onClose={() => {
      if (!pending) onClose();
    }}
    title={FINAL_APPROVAL_TEXT.title}
    closeOnClickOutside={!pending}
    closeOnEscape={!pending}
    withCloseButton={!pending}
  >
    <Stack gap="md">
      <Text size="sm">{FINAL_APPROVAL_TEXT.intro}</Text>
      <Stack gap="xs" component="dl" m={0}>
        <Row label="Vendor">{payment.vendor.name}</Row>
        <Row label="Bill #">{payment.bill.refNo}</Row>
        <Row label="Amount" strong>
          {formatDollars(payment.amount)}
        </Row>
        {payment.feeAmount > 0 ? (
          <>
            <Row label="Card fee">{formatDollars(payment.feeAmount)}</Row>
            <Row label="Total debited" strong>
              {formatDollars(payment.totalAmount)}
            </Row>
          </>
        ) : null}
        <Divider />
        <Row label="Process date">{formatDate(payment.processDate)}</Row>
        <Row label="Pay from">{formatMethod(payment.paymentMethod) || '—'}</Row>
      </Stack>
      <ErrorAlert>{error}</ErrorAlert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={pending}>
          Back
        </Button>
        <Button onClick={onConfirm} loading={pending} data-autofocus>
          {FINAL_APPROVAL_TEXT.confirm}
        </Button>
      </Group>
    </Stack>
  </Dialog>
);
