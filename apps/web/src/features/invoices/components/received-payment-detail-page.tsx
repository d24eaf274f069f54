import {
  ACCESS_DENIED_MESSAGE,
  DELIVERY_SPEED_DETAILS,
  formatDate,
  maskLast4,
  paths,
  type ReceivedPaymentDetail,
} from '@ferry/domain';
import { Alert, Anchor, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFileSearch, IconInfoCircle, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { LabeledValue } from '@/components/labeled-value';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { PageLoader } from '@/components/page-loader';
import { PaymentStatusWithAuto } from '@/components/payments/auto-payment-badge';
import { PaymentTimeline } from '@/components/payments/payment-timeline';
import { useBusinessAccess } from '@/lib/business-access';
import { useReceivedPayment } from '../api/received-payments-api';
import { canReadReceivedPayments } from '../utils/invoice-access';
import { money } from '../utils/invoice-display';

export const RECEIVED_DETAIL_TEXT = {
  loading: 'Loading payment...',
  preview: 'Preview',
} as const;

/** Statuses whose payee message is a warning (the payment did not arrive or came back). */
const WARNING_STATUSES = new Set(['FAILED', 'REVERSED', 'DECLINED']);

const ReceivedBreadcrumbs = ({ businessId }: { businessId: string }) => (
  <PageBreadcrumbs
    trail={[
      { label: 'Get Paid', href: paths.invoices(businessId) },
      { label: 'Payments', href: paths.invoicePayments(businessId) },
    ]}
    current="Details"
  />
);

/** What the payee is told about a canceled, failed, reversed or declined payment (spec 002 §4). */
const MessageBox = ({ payment }: { payment: ReceivedPaymentDetail }) => {
  if (!payment.message) return null;
  const warning = WARNING_STATUSES.has(payment.status);
  return (
    <Alert
      color={warning ? 'red' : 'gray'}
      variant="light"
      radius="md"
      role={warning ? 'alert' : 'status'}
      icon={warning ? <IconAlertTriangle size={20} aria-hidden /> : <IconInfoCircle size={20} aria-hidden />}
      title={`Payment ${payment.statusLabel.toLowerCase()}`}
    >
      <Text size="sm">{payment.message}</Text>
    </Alert>
  );
};

const Facts = ({ children }: { children: ReactNode }) => (
  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
    {children}
  </SimpleGrid>
);

const ReceivedPaymentBody = ({
  businessId,
  payment,
}: {
  businessId: string;
  payment: ReceivedPaymentDetail;
}) => {
  const speed = payment.deliverySpeed ? DELIVERY_SPEED_DETAILS[payment.deliverySpeed].label : null;
  const bank = payment.receivingBank
    ? `${payment.receivingBank.bankName} ${maskLast4(payment.receivingBank.accountMask)}`.trim()
    : 'Not added yet';
  const previewHref = paths.invoicePaymentPreview(businessId, payment.id, payment.paymentRequestId);
  return (
    <Stack gap="lg">
      <MessageBox payment={payment} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="lg" p="lg" component="section" aria-label="Payment">
            <Stack gap="lg">
              <Group justify="space-between" align="flex-start" gap="md">
                <Stack gap={4}>
                  <Text size="sm" c="dimmed">
                    {`From ${payment.customer.name}`}
                  </Text>
                  <Title order={1} fz={30} lts="-0.02em">
                    {money(payment.amount)}
                  </Title>
                </Stack>
                <Stack gap={4} align="flex-end">
                  <PaymentStatusWithAuto status={payment.status} side="receive" isAuto={payment.isAuto} />
                  <Text size="xs" c="dimmed">
                    {`${payment.dateLabel}: ${formatDate(payment.date)}`}
                  </Text>
                </Stack>
              </Group>
              <Facts>
                <LabeledValue label="Customer" value={payment.customer.name} />
                <Stack gap={2}>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    Invoice
                  </Text>
                  {payment.invoice.id ? (
                    <Anchor
                      component={Link}
                      to={paths.invoiceDetail(businessId, payment.invoice.id)}
                      size="sm"
                      fw={500}
                      aria-label={`View invoice ${payment.invoice.refNo}`}
                    >
                      {payment.invoice.refNo}
                    </Anchor>
                  ) : (
                    <Text size="sm" fw={500}>
                      {payment.invoice.refNo}
                    </Text>
                  )}
                </Stack>
                <LabeledValue label="Invoice due date" value={formatDate(payment.invoice.dueDate)} />
                <LabeledValue label="Process date" value={formatDate(payment.processDate)} />
                <LabeledValue label={payment.dateLabel} value={formatDate(payment.date)} />
                {speed ? <LabeledValue label="Delivery speed" value={speed} /> : null}
                <LabeledValue label="Receiving bank" value={bank} />
              </Facts>
              <Group>
                <Button
                  component={Link}
                  to={previewHref}
                  variant="light"
                  leftSection={<IconFileSearch size={16} aria-hidden />}
                  aria-label={`Preview invoice ${payment.invoice.refNo}`}
                >
                  {RECEIVED_DETAIL_TEXT.preview}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <PaymentTimeline entries={payment.timeline} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
};

/**
 * `/b/{id}/invoices/payment/{paymentId}/detail` (spec 002 §2): a payment the business receives — the
 * amount, the customer, the invoice (linked), the receiving side's status with its date labels, the
 * payee message of a canceled, failed, reversed or declined payment, the receiving bank and the
 * timeline. Read on payments received (§6); anything else says so.
 */
export function ReceivedPaymentDetailPage() {
  const { businessId = '', paymentId = '' } = useParams();
  const businessQuery = useBusinessAccess(businessId);
  const canView = businessQuery.data ? canReadReceivedPayments(businessQuery.data) : false;
  const paymentQuery = useReceivedPayment(businessId, paymentId, canView);

  let body: ReactNode;
  if (businessQuery.isPending || (canView && paymentQuery.isPending)) {
    body = <PageLoader label={RECEIVED_DETAIL_TEXT.loading} />;
  } else if (businessQuery.isError) {
    body = <ErrorState error={businessQuery.error} onRetry={() => void businessQuery.refetch()} />;
  } else if (!canView) {
    body = (
      <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} role="alert">
        {ACCESS_DENIED_MESSAGE}
      </Alert>
    );
  } else if (paymentQuery.isError || !paymentQuery.data) {
    body = <ErrorState error={paymentQuery.error} onRetry={() => void paymentQuery.refetch()} />;
  } else {
    body = <ReceivedPaymentBody businessId={businessId} payment={paymentQuery.data} />;
  }

  return (
    <Stack gap="lg" maw={1120}>
      <ReceivedBreadcrumbs businessId={businessId} />
      {body}
    </Stack>
  );
}
