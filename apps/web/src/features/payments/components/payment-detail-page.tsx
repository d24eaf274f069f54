import {
  ACCESS_DENIED_MESSAGE,
  formatDate,
  formatDateTime,
  getPaymentFailureMessage,
  type PaymentDetail,
  paths,
} from '@ferry/domain';
import {
  Alert,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconBan,
  IconCalendarRepeat,
  IconFileSearch,
  IconLock,
  IconMailForward,
  IconRefresh,
} from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { receivingBankText, usePayContext } from '@/components/pay/pay-api';
import { AutoPaymentBadge } from '@/components/payments/auto-payment-badge';
import { PaymentTimeline } from '@/components/payments/payment-timeline';
import { getErrorMessage } from '@/lib/api-error';
import { useBusinessAccess } from '@/lib/business-access';
import { usePayment, useResendAcceptReminder } from '../api/payments-api';
import { getPaymentsAccess } from '../utils/access';
import {
  FAILURE_STATUSES,
  formatAmount,
  formatDeliverySpeed,
  formatDeliveryWindow,
} from '../utils/payment-display';
import { CancelPaymentDialog } from './cancel-payment-dialog';
import { type PaymentApprovalPanelComponent, PaymentApprovalSlot } from './payment-approval-slot';
import { PaymentSummaryCard } from './payment-summary-card';
import { ReschedulePaymentDialog } from './reschedule-payment-dialog';
import { RetryPaymentDialog } from './retry-payment-dialog';

export const REMINDER_SENT_MESSAGE = 'Reminder sent to the vendor.';

const FAILURE_TITLES: Record<string, string> = {
  FAILED: 'Payment failed',
  REVERSED: 'Payment reversed',
  DECLINED: 'Payment declined',
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const titleId = useId();
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
};

/** A label and its value, as a description list entry. */
const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <Text component="dt" size="xs" c="dimmed" fw={500}>
      {label}
    </Text>
    <Text component="dd" size="sm" fw={500} m={0} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  </div>
);

const DetailList = ({ children }: { children: ReactNode }) => (
  <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" m={0}>
    {children}
  </SimpleGrid>
);

export const PaymentBreadcrumbs = ({ businessId }: { businessId: string }) => (
  <PageBreadcrumbs
    trail={[
      { label: 'Pay', href: paths.bills(businessId) },
      { label: 'Payments', href: paths.billPayments(businessId) },
    ]}
    current="Details"
  />
);

const FailureBox = ({ payment }: { payment: PaymentDetail }) => {
  if (!FAILURE_STATUSES.has(payment.status)) return null;
  const message = payment.failureMessage?.trim() || getPaymentFailureMessage(payment.failureReason, 'payer');
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      role="alert"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={FAILURE_TITLES[payment.status]}
    >
      <Stack gap={4}>
        <Text size="sm">{message}</Text>
        {payment.returnCode ? (
          <Text size="xs" c="dimmed">{`Bank return code ${payment.returnCode}`}</Text>
        ) : null}
      </Stack>
    </Alert>
  );
};

type Dialogs = 'cancel' | 'reschedule' | 'retry' | null;

const PaymentDetailContent = ({
  businessId,
  payment,
  canManage,
  approvalPanel,
}: {
  businessId: string;
  payment: PaymentDetail;
  canManage: boolean;
  approvalPanel: PaymentApprovalPanelComponent | undefined;
}) => {
  const [dialog, setDialog] = useState<Dialogs>(null);
  const resend = useResendAcceptReminder(businessId, payment.id);
  const [resendFailure, setResendFailure] = useState<string | null>(null);

  const sendReminder = async () => {
    setResendFailure(null);
    try {
      await resend.mutateAsync();
      notifications.show({ color: 'teal', message: REMINDER_SENT_MESSAGE });
    } catch (error) {
      setResendFailure(getErrorMessage(error));
    }
  };

  const canCancel = canManage && payment.canCancel;
  const canReschedule = canManage && payment.canReschedule;
  const canRetry = canManage && payment.canReattempt;
  const canResend = canManage && payment.awaitingPayeeDetails;
  const delivery = formatDeliveryWindow(payment.expectedDelivery);
  // Where the vendor is paid (masked); a payment marked as paid moved no money, so it names no bank.
  const payContext = usePayContext(businessId, payment.isMarkedAsPaid ? '' : payment.bill.id);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Group gap="sm" align="center">
          <Title order={1} fz={28} lts="-0.02em">
            {`Payment to ${payment.vendor.name}`}
          </Title>
          {payment.isAuto ? <AutoPaymentBadge /> : null}
        </Group>
        <Group gap="xs">
          <Button
            component={Link}
            to={paths.billPaymentPreview(businessId, payment.id, payment.paymentRequestId ?? undefined)}
            variant="default"
            leftSection={<IconFileSearch size={16} aria-hidden />}
          >
            Preview
          </Button>
          {canResend ? (
            <Button
              variant="default"
              leftSection={<IconMailForward size={16} aria-hidden />}
              loading={resend.isPending}
              onClick={() => void sendReminder()}
            >
              Resend reminder
            </Button>
          ) : null}
          {canReschedule ? (
            <Button
              variant="default"
              leftSection={<IconCalendarRepeat size={16} aria-hidden />}
              onClick={() => setDialog('reschedule')}
            >
              Reschedule
            </Button>
          ) : null}
          {canCancel ? (
            <Button
              variant="light"
              color="red"
              leftSection={<IconBan size={16} aria-hidden />}
              onClick={() => setDialog('cancel')}
            >
              Cancel payment
            </Button>
          ) : null}
          {canRetry ? (
            <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => setDialog('retry')}>
              Retry payment
            </Button>
          ) : null}
        </Group>
      </Group>
      {resendFailure ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          onClose={() => setResendFailure(null)}
        >
          {resendFailure}
        </Alert>
      ) : null}
      <FailureBox payment={payment} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <PaymentSummaryCard
              businessId={businessId}
              payment={payment}
              canViewPayments
              hideViewButton
              hideActionNote={FAILURE_STATUSES.has(payment.status)}
            />
            <Section title="Bill">
              <DetailList>
                <Detail label="Bill #">{payment.bill.refNo}</Detail>
                <Detail label="Bill date">{formatDate(payment.bill.billDate)}</Detail>
                <Detail label="Due date">{formatDate(payment.bill.dueDate)}</Detail>
                <Detail label="Bill amount">{formatAmount(payment.bill.amount)}</Detail>
                <Detail label="Balance">{formatAmount(payment.bill.balance)}</Detail>
              </DetailList>
            </Section>
            <Section title="Vendor">
              <DetailList>
                <Detail label="Name">{payment.vendor.name}</Detail>
                <Detail label="Email">{payment.vendor.email || '—'}</Detail>
                {payContext.data ? (
                  <Detail label="Receiving bank">{receivingBankText(payContext.data.receivingBank)}</Detail>
                ) : null}
              </DetailList>
              {payment.awaitingPayeeDetails ? (
                <Text size="sm" c="dimmed">
                  {payment.acceptReminderSentAt
                    ? `Waiting for the vendor to accept the payment. Last reminder sent ${formatDateTime(payment.acceptReminderSentAt)}.`
                    : 'Waiting for the vendor to accept the payment and add where to receive it.'}
                </Text>
              ) : null}
            </Section>
            <Section title="Delivery">
              <DetailList>
                <Detail label="Delivery speed">{formatDeliverySpeed(payment.deliverySpeed) || '—'}</Detail>
                <Detail label="Process date">{formatDate(payment.processDate)}</Detail>
                <Detail label="Expected delivery">{delivery || '—'}</Detail>
                {payment.holdUntil ? (
                  <Detail label="On hold until">{formatDateTime(payment.holdUntil)}</Detail>
                ) : null}
              </DetailList>
            </Section>
            <Section title="Remarks">
              <Text size="sm" c={payment.remarks ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                {payment.remarks?.trim() || 'No remarks.'}
              </Text>
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <PaymentApprovalSlot businessId={businessId} payment={payment} panel={approvalPanel} />
            <PaymentTimeline entries={payment.timeline} />
          </Stack>
        </Grid.Col>
      </Grid>
      <CancelPaymentDialog
        businessId={businessId}
        payment={payment}
        opened={dialog === 'cancel'}
        onClose={() => setDialog(null)}
      />
      <ReschedulePaymentDialog
        businessId={businessId}
        payment={payment}
        opened={dialog === 'reschedule'}
        onClose={() => setDialog(null)}
      />
      <RetryPaymentDialog
        businessId={businessId}
        payment={payment}
        opened={dialog === 'retry'}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
};

/**
 * `/b/{id}/bills/payment/{paymentId}/detail` (spec 002 §2): breadcrumbs 'Pay > Payments > Details', the
 * payment summary card, the bill, vendor, delivery and remarks, the failure message, the activity
 * timeline, the approval panel slot, Preview, and the actions the payment allows (cancel, reschedule,
 * retry, resend the vendor's reminder) for members who may pay bills.
 */
export function PaymentDetailPage({
  approvalPanel,
}: {
  /** The approval panel (features/approvals), given by the route module. */
  approvalPanel?: PaymentApprovalPanelComponent;
} = {}) {
  const { businessId = '', paymentId = '' } = useParams();
  const businessQuery = useBusinessAccess(businessId);
  const access = businessQuery.data ? getPaymentsAccess(businessQuery.data) : null;
  const canView = access?.canViewPayments ?? false;
  const paymentQuery = usePayment(businessId, paymentId, canView);

  let body: ReactNode;
  if (businessQuery.isPending || (canView && paymentQuery.isPending)) {
    body = (
      <Center py="xl" role="status" aria-label="Loading payment">
        <Loader size="sm" type="dots" aria-hidden />
      </Center>
    );
  } else if (businessQuery.isError) {
    body = <ErrorState error={businessQuery.error} onRetry={() => void businessQuery.refetch()} />;
  } else if (!canView) {
    body = (
      <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} role="alert">
        {ACCESS_DENIED_MESSAGE}
      </Alert>
    );
  } else if (paymentQuery.isError) {
    body = <ErrorState error={paymentQuery.error} onRetry={() => void paymentQuery.refetch()} />;
  } else if (paymentQuery.data) {
    body = (
      <PaymentDetailContent
        businessId={businessId}
        payment={paymentQuery.data}
        canManage={access?.canManagePayments ?? false}
        approvalPanel={approvalPanel}
      />
    );
  }

  return (
    <Stack gap="lg" maw={1120}>
      <PaymentBreadcrumbs businessId={businessId} />
      {body}
    </Stack>
  );
}
