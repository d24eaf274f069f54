import {
  addBusinessDays,
  DELIVERY_SPEED_DETAILS,
  formatDate,
  formatMoney,
  GUEST_MESSAGES,
  type GuestPaymentInfo,
  paths,
} from '@ferry/domain';
import { Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { localToday } from '@/components/pay/process-date';
import { ResultCard } from '@/components/result-card';
import type { GuestPlan } from '../utils/plan';

const DELIVERY_DAYS = DELIVERY_SPEED_DETAILS.STANDARD.maxBusinessDays;

/** The last business day the money should take (standard ACH) from a process date. */
const expectedBy = (processDate: string): string => formatDate(addBusinessDays(processDate, DELIVERY_DAYS));

export const ContinueOnboarding = () => (
  <Paper withBorder radius="lg" p="lg">
    <Group justify="space-between" gap="md">
      <Stack gap={2}>
        <Text fw={600}>Get more from Ferry</Text>
        <Text size="sm" c="dimmed">
          Finish your account to pay your own bills and send invoices.
        </Text>
      </Stack>
      <Button component={Link} to={paths.guestPaymentOnboard()} variant="light">
        Continue onboarding
      </Button>
    </Group>
  </Paper>
);

export type SuccessViewProps = {
  info: GuestPaymentInfo;
  plan: GuestPlan;
  onPayRest: () => void;
};

/** After the money call: 'Payment scheduled' (send) or where the money goes (receive). */
export const SuccessView = ({ info, plan, onPayRest }: SuccessViewProps) => {
  if (info.paymentType === 'RECEIVE_PAYMENT') {
    return (
      <ResultCard icon={<IconCircleCheck size={30} />} color="teal" title="Payment accepted">
        <Text role="status">
          {`You will receive ${formatMoney(plan.amount)} in ${plan.shortLabel} by ${expectedBy(localToday())}`}
        </Text>
        <Text size="sm" c="dimmed">
          {`${info.payerBusinessName ?? 'The sender'} is told that you accepted. We email you when the money is on its way.`}
        </Text>
      </ResultCard>
    );
  }
  const latest = info.payments[0];
  const processDate = latest?.processDate.slice(0, 10) ?? plan.scheduledDate ?? localToday();
  const remaining = info.closed ? 0 : info.amountToPay;
  return (
    <ResultCard icon={<IconCircleCheck size={30} />} color="teal" title="Payment scheduled">
      <Text role="status">
        {`${formatMoney(plan.amount + plan.fee)} to ${info.payeeBusinessName ?? 'the payee'} from ${plan.methodLabel}.`}
      </Text>
      <Stack gap={4}>
        <Text size="sm">{`Processing on ${formatDate(processDate)}`}</Text>
        <Text size="sm">{`Expected to arrive by ${expectedBy(processDate)}`}</Text>
      </Stack>
      <Stack gap={4} align="flex-start" ta="left" w="100%">
        <Text size="sm" fw={600}>
          What happens next
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>We email you a receipt now, and again when the payment is complete.</List.Item>
          <List.Item>{`${info.payeeBusinessName ?? 'The payee'} sees the payment on its way.`}</List.Item>
        </List>
      </Stack>
      {remaining > 0 ? (
        <Stack gap="xs" align="center">
          <Text fw={600}>{`Remaining due: ${formatMoney(remaining)}`}</Text>
          <Button onClick={onPayRest}>Pay the rest</Button>
        </Stack>
      ) : null}
    </ResultCard>
  );
};

/** A request or payment that is closed: paid in full, canceled, or already accepted. */
export const ClosedView = ({ info }: { info: GuestPaymentInfo }) => {
  if (info.paymentType === 'RECEIVE_PAYMENT') {
    return (
      <ResultCard icon={<IconCircleCheck size={30} />} color="teal" title="Payment accepted">
        <Text>{`The payment of ${formatMoney(info.amount)} from ${info.payerBusinessName ?? 'the sender'} has been accepted. There is nothing more to do.`}</Text>
      </ResultCard>
    );
  }
  if (info.amountToPay === 0 && info.payments.length > 0) {
    return (
      <ResultCard icon={<IconCircleCheck size={30} />} color="teal" title="Paid in full">
        <Text>{GUEST_MESSAGES.alreadyPaid}</Text>
      </ResultCard>
    );
  }
  return (
    <ResultCard icon={<IconInfoCircle size={30} />} color="gray" title="Request canceled">
      <Text>{GUEST_MESSAGES.requestClosed}</Text>
      <Text size="sm" c="dimmed">
        {`Contact ${info.payeeBusinessName ?? 'the sender'} if you think this is a mistake.`}
      </Text>
    </ResultCard>
  );
};
