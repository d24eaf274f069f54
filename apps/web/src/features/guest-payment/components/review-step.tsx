import { formatDate, formatMoney, type GuestPaymentInfo } from '@ferry/domain';
import { Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ErrorAlert } from '@/components/error-alert';
import type { GuestPlan } from '../utils/plan';
import { useFocusOnMount } from '../utils/use-focus-on-mount';

const Row = ({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) => (
  <Group justify="space-between" wrap="nowrap" component="div">
    <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 650 : undefined}>
      {label}
    </Text>
    <Text size="sm" fw={strong ? 700 : 500} ta="right">
      {value}
    </Text>
  </Group>
);

export type ReviewStepProps = {
  info: GuestPaymentInfo;
  plan: GuestPlan;
  isPaying: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
};

/** 'Pay $X' / 'Accept payment': what will happen, checked once more before the money call. */
export const ReviewStep = ({ info, plan, isPaying, error, onBack, onConfirm }: ReviewStepProps) => {
  const isSend = info.paymentType === 'SEND_PAYMENT';
  const total = plan.amount + plan.fee;
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="guest-review-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="guest-review-title" tabIndex={-1} ref={headingRef}>
          {isSend ? 'Review your payment' : 'Review and accept'}
        </Title>
        <Stack gap={8}>
          <Row label="Amount" value={formatMoney(plan.amount)} />
          {plan.fee > 0 ? <Row label="Card fee" value={formatMoney(plan.fee)} /> : null}
          <Row label="Total" value={formatMoney(total)} strong />
          <Divider />
          <Row label={isSend ? 'Pay from' : 'Receive into'} value={plan.methodLabel} />
          <Row
            label={isSend ? 'Pay to' : 'From'}
            value={(isSend ? info.payeeBusinessName : info.payerBusinessName) ?? '—'}
          />
          {plan.businessName ? <Row label="Your business" value={plan.businessName} /> : null}
          {plan.scheduledDate ? <Row label="Process date" value={formatDate(plan.scheduledDate)} /> : null}
        </Stack>
        <ErrorAlert>{error}</ErrorAlert>
        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={isPaying}>
            Back
          </Button>
          <Button onClick={onConfirm} loading={isPaying}>
            {isSend ? `Pay ${formatMoney(total)}` : 'Accept payment'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};
