import { formatDate, formatMoney, MONEY_MESSAGES, paths, toCents } from '@ferry/domain';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { PdfViewer } from '@/components/pdf-viewer';
import { getErrorMessage } from '@/lib/api-error';
import {
  type PreviewTarget,
  useBillPdf,
  usePreviewPaymentRequest,
  usePreviewTarget,
} from '../api/payment-preview-api';

export const PAYMENT_PREVIEW_TEXT = {
  failed: MONEY_MESSAGES.paymentPreviewFailed,
  loading: 'Loading payment preview...',
  refNo: 'Ref#',
  billDate: 'Bill Date',
  dueDate: 'Due Date',
  dueAmount: 'Due Amount:',
} as const;

const moneyOf = (amount: number) => formatMoney(toCents(amount.toFixed(2)));

/** A file name from a bill reference (letters, digits, '-', '_', '.', space). */
const pdfFileName = (refNo: string) => `${refNo.replace(/[^\w.\- ]+/g, '').trim() || 'bill'}.pdf`;

type Crumbs = { businessId: string; target: PreviewTarget | undefined; paymentRequestId: string | null };

/** Pay › Payments › Details › Preview; Details is the payment's detail, or the bill's make-payment page. */
const PreviewBreadcrumbs = ({ businessId, target, paymentRequestId }: Crumbs) => {
  const detailsHref = !target
    ? undefined
    : target.paymentId
      ? paths.billPaymentDetail(businessId, target.paymentId)
      : `${paths.billMakePayment(businessId, target.billId)}${
          paymentRequestId ? `?paymentRequestId=${encodeURIComponent(paymentRequestId)}` : ''
        }`;
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator="›" separatorMargin={6}>
        <Anchor component={Link} to={paths.bills(businessId)} size="sm">
          Pay
        </Anchor>
        <Anchor component={Link} to={paths.billPayments(businessId)} size="sm">
          Payments
        </Anchor>
        {detailsHref ? (
          <Anchor component={Link} to={detailsHref} size="sm">
            Details
          </Anchor>
        ) : (
          <Text size="sm">Details</Text>
        )}
        <Text size="sm" c="dimmed" aria-current="page">
          Preview
        </Text>
      </Breadcrumbs>
    </nav>
  );
};

const HeaderItem = ({ label, value }: { label: string; value: string }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text size="sm" fw={500}>
      {value}
    </Text>
  </Stack>
);

const PreviewFailed = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => (
  <Alert
    role="alert"
    color="red"
    variant="light"
    radius="md"
    icon={<IconAlertTriangle size={20} aria-hidden />}
    title={PAYMENT_PREVIEW_TEXT.failed}
  >
    <Group justify="space-between" align="center" gap="md">
      <Text size="sm">{getErrorMessage(error)}</Text>
      <Button
        size="xs"
        variant="white"
        color="red"
        leftSection={<IconRefresh size={14} aria-hidden />}
        onClick={onRetry}
      >
        Try again
      </Button>
    </Group>
  </Alert>
);

/**
 * `/b/{id}/bills/payment/{paymentId}` (+ `?paymentRequestId=`), spec 002 §2 "Payment preview": the payee,
 * Ref#, Bill Date and Due Date, the bill's PDF in the shared viewer, and 'Due Amount:' with the balance.
 * `paymentId` is a payment's id, or a bill's when the bill is previewed before paying it.
 */
export function PaymentPreviewPage() {
  const { businessId = '', paymentId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const paymentRequestId = searchParams.get('paymentRequestId') || null;

  const targetQuery = usePreviewTarget(businessId, paymentId);
  const target = targetQuery.data;
  const pdfQuery = useBillPdf(businessId, target?.billId);
  const requestQuery = usePreviewPaymentRequest(businessId, paymentRequestId);

  const failed = targetQuery.isError
    ? { error: targetQuery.error, retry: targetQuery.refetch }
    : pdfQuery.isError
      ? { error: pdfQuery.error, retry: pdfQuery.refetch }
      : requestQuery.isError
        ? { error: requestQuery.error, retry: requestQuery.refetch }
        : null;
  const loading =
    targetQuery.isPending || pdfQuery.isPending || (paymentRequestId !== null && requestQuery.isPending);

  let body: ReactNode;
  if (failed) {
    body = <PreviewFailed error={failed.error} onRetry={() => void failed.retry()} />;
  } else if (loading || !target || !pdfQuery.data) {
    body = <PageLoader label={PAYMENT_PREVIEW_TEXT.loading} />;
  } else {
    const payeeName = requestQuery.data?.sender.businessName ?? target.payeeName;
    const fileName = pdfFileName(target.refNo);
    body = (
      <Stack gap="md">
        <Paper withBorder radius="md" p="lg" component="section" aria-label="Bill">
          <Stack gap="md">
            <Title order={1} size="h3">
              {payeeName}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              <HeaderItem label={PAYMENT_PREVIEW_TEXT.refNo} value={target.refNo} />
              <HeaderItem label={PAYMENT_PREVIEW_TEXT.billDate} value={formatDate(target.billDate)} />
              <HeaderItem label={PAYMENT_PREVIEW_TEXT.dueDate} value={formatDate(target.dueDate)} />
            </SimpleGrid>
          </Stack>
        </Paper>
        <PdfViewer
          source={pdfQuery.data.data ? { data: pdfQuery.data.data } : { url: pdfQuery.data.fileUrl }}
          fileName={fileName}
        />
        <Paper withBorder radius="md" px="lg" py="md" component="section" aria-label="Due amount">
          <Group justify="flex-end" gap="xs">
            <Text fw={500}>{PAYMENT_PREVIEW_TEXT.dueAmount}</Text>
            <Text fw={700} size="lg" data-testid="due-amount">
              {moneyOf(target.balance)}
            </Text>
          </Group>
        </Paper>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={1000} mx="auto" w="100%">
      <PreviewBreadcrumbs businessId={businessId} target={target} paymentRequestId={paymentRequestId} />
      {body}
    </Stack>
  );
}
