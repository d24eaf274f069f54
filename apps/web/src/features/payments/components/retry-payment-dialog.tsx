import type { PaymentView } from '@ferry/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage } from '@/lib/api-error';
import { useReattemptPayment } from '../api/payments-api';
import { useIdempotencyKey } from '../hooks/use-idempotency-key';
import { formatAmount, formatPaymentMethod } from '../utils/payment-display';

export const PAYMENT_RETRIED_MESSAGE = 'Payment scheduled again.';

export type RetryPaymentDialogProps = {
  businessId: string;
  payment: PaymentView;
  opened: boolean;
  onClose: () => void;
};

/**
 * Confirms retrying a failed payment (`POST payments/reattempt`). The retry keeps one Idempotency-Key
 * until it succeeds, so pressing the button again after a lost answer cannot send the payment twice.
 */
export const RetryPaymentDialog = ({ businessId, payment, opened, onClose }: RetryPaymentDialogProps) => {
  const reattempt = useReattemptPayment(businessId);
  const idempotencyKey = useIdempotencyKey();
  const [failure, setFailure] = useState<string | null>(null);
  const method = formatPaymentMethod(payment.paymentMethod);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const retry = async () => {
    setFailure(null);
    try {
      await reattempt.mutateAsync({ paymentId: payment.id, idempotencyKey: idempotencyKey.current() });
      idempotencyKey.reset();
      notifications.show({ color: 'teal', message: PAYMENT_RETRIED_MESSAGE });
      close();
    } catch (error) {
      setFailure(getErrorMessage(error));
    }
  };

  return (
    <Dialog opened={opened} onClose={close} title="Retry payment">
      <Stack gap="md">
        <Text size="sm">
          {`The payment of ${formatAmount(payment.amount)} to ${payment.vendor.name}${method ? ` from ${method}` : ''} will be sent again on the next business day.`}
        </Text>
        <ErrorAlert>{failure}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={reattempt.isPending}>
            Back
          </Button>
          <Button onClick={() => void retry()} loading={reattempt.isPending}>
            Retry payment
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
};
