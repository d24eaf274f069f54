import {
  formatDate,
  isBusinessDay,
  PAYMENT_LIMITS,
  type PaymentView,
  processDateBounds,
  reschedulePaymentRequestSchema,
} from '@ferry/domain';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconCalendar } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage } from '@/lib/api-error';
import { useReschedulePayment } from '../api/payments-api';
import { formatAmount } from '../utils/payment-display';
import { initialRescheduleDate, todayLocal, validateProcessDate } from '../utils/process-date';

export const PAYMENT_RESCHEDULED_MESSAGE = 'Payment rescheduled.';

export type ReschedulePaymentDialogProps = {
  businessId: string;
  payment: PaymentView;
  opened: boolean;
  onClose: () => void;
};

const ReschedulePaymentForm = ({
  businessId,
  payment,
  onClose,
}: Omit<ReschedulePaymentDialogProps, 'opened'>) => {
  const reschedule = useReschedulePayment(businessId, payment.id);
  const today = useMemo(todayLocal, []);
  const bounds = useMemo(() => processDateBounds(today), [today]);
  const [date, setDate] = useState<string | null>(() => initialRescheduleDate(payment.processDate, today));
  const [remarks, setRemarks] = useState(payment.remarks ?? '');
  const [errors, setErrors] = useState<{ date?: string; remarks?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const dateError = validateProcessDate(date, today);
    const remarksChanged = remarks.trim() !== (payment.remarks ?? '').trim();
    const parsed = reschedulePaymentRequestSchema.safeParse({
      scheduledDate: date ?? '',
      ...(remarksChanged ? { remarks: remarks.trim() } : {}),
    });
    const remarksError = parsed.success
      ? undefined
      : parsed.error.issues.find((issue) => issue.path[0] === 'remarks')?.message;
    if (dateError || remarksError || !parsed.success) {
      setErrors({
        ...(dateError ? { date: dateError } : {}),
        ...(remarksError ? { remarks: remarksError } : {}),
      });
      return;
    }
    setErrors({});
    try {
      await reschedule.mutateAsync(parsed.data);
      notifications.show({ color: 'teal', message: PAYMENT_RESCHEDULED_MESSAGE });
      onClose();
    } catch (error) {
      setFailure(getErrorMessage(error));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {`Choose when to send the payment of ${formatAmount(payment.amount)} to ${payment.vendor.name}. It is now set for ${formatDate(payment.processDate)}.`}
        </Text>
        <DatePickerInput
          label="Process date"
          withAsterisk
          placeholder="Pick a business day"
          valueFormat="MMM D, YYYY"
          leftSection={<IconCalendar size={16} aria-hidden />}
          value={date}
          onChange={(value) => {
            setDate(value);
            setErrors((current) => ({ ...current, date: undefined }));
          }}
          minDate={bounds.min}
          maxDate={bounds.max}
          excludeDate={(day) => !isBusinessDay(day)}
          getDayAriaLabel={(day) => formatDate(day)}
          description="Payments are sent on business days, up to 3 months ahead."
          error={errors.date}
          popoverProps={{ hideDetached: false }}
        />
        <Textarea
          label="Internal remarks"
          value={remarks}
          onChange={(event) => setRemarks(event.currentTarget.value)}
          maxLength={PAYMENT_LIMITS.remarksMax}
          description={`${remarks.length}/${PAYMENT_LIMITS.remarksMax}`}
          error={errors.remarks}
          rows={3}
        />
        <ErrorAlert>{failure}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={reschedule.isPending}>
            Back
          </Button>
          <Button type="submit" loading={reschedule.isPending}>
            Reschedule
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** Moves a payment that has not been sent yet to another process date (business days, today to 3 months). */
export const ReschedulePaymentDialog = ({ opened, onClose, ...props }: ReschedulePaymentDialogProps) => (
  <Dialog opened={opened} onClose={onClose} title="Reschedule payment">
    {opened ? <ReschedulePaymentForm {...props} onClose={onClose} /> : null}
  </Dialog>
);
