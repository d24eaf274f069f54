import { cancelPaymentRequestSchema, PAYMENT_LIMITS, type PaymentView } from '@ferry/domain';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage } from '@/lib/api-error';
import { useCancelPayment } from '../api/payments-api';
import { formatAmount } from '../utils/payment-display';

export const PAYMENT_CANCELED_MESSAGE = 'Payment canceled.';

export type CancelPaymentDialogProps = {
  businessId: string;
  payment: PaymentView;
  opened: boolean;
  onClose: () => void;
};

const CancelPaymentForm = ({ businessId, payment, onClose }: Omit<CancelPaymentDialogProps, 'opened'>) => {
  const cancel = useCancelPayment(businessId, payment.id);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = cancelPaymentRequestSchema.safeParse({ statusReason: reason.trim() || undefined });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    try {
      await cancel.mutateAsync(parsed.data);
      notifications.show({ color: 'teal', message: PAYMENT_CANCELED_MESSAGE });
      onClose();
    } catch (error) {
      setFailure(getErrorMessage(error));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {`The payment of ${formatAmount(payment.amount)} to ${payment.vendor.name} for bill ${payment.bill.refNo} will not be sent, and the amount becomes payable again.`}
        </Text>
        <Textarea
          label="Reason (optional)"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={PAYMENT_LIMITS.remarksMax}
          description={`${reason.length}/${PAYMENT_LIMITS.remarksMax}`}
          error={fieldError}
          rows={3}
          data-autofocus
        />
        <ErrorAlert>{failure}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
            Keep payment
          </Button>
          <Button type="submit" color="red" loading={cancel.isPending}>
            Cancel payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** Confirms canceling a payment that has not been sent yet, with an optional reason (`statusReason`). */
export const CancelPaymentDialog = ({ opened, onClose, ...props }: CancelPaymentDialogProps) => (
  <Dialog opened={opened} onClose={onClose} title="Cancel payment">
    {opened ? <CancelPaymentForm {...props} onClose={onClose} /> : null}
  </Dialog>
);
