import { formatDate, formatMoney, MONEY_MESSAGES, paths, toCents } from '@ferry/domain';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { LabeledValue } from '@/components/labeled-value';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { PageLoader } from '@/components/page-loader';
import { PdfViewer } from '@/components/pdf-viewer';
import { pdfFileNameOf } from '@/components/pdf-viewer/document-pdf';
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
    <PageBreadcrumbs
      trail={[
        { label: 'Pay', href: paths.bills(businessId) },
        { label: 'Payments', href: paths.billPayments(businessId) },
        { label: 'Details', href: detailsHref },
      ]}
      current="Preview"
    />
  );
};

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
    body = (
      <ErrorState
        error={failed.error}
        title={PAYMENT_PREVIEW_TEXT.failed}
        message={getErrorMessage(failed.error)}
        onRetry={() => void failed.retry()}
      />
    );
  } else if (loading || !target || !pdfQuery.data) {
    body = <PageLoader label={PAYMENT_PREVIEW_TEXT.loading} />;
  } else {
    const payeeName = requestQuery.data?.sender.businessName ?? target.payeeName;
    const fileName = pdfFileNameOf(target.refNo, 'bill');
    body = (
      <Stack gap="md">
        <Paper withBorder radius="md" p="lg" component="section" aria-label="Bill">
          <Stack gap="md">
            <Title order={1} size="h3">
              {payeeName}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              <LabeledValue label={PAYMENT_PREVIEW_TEXT.refNo} value={target.refNo} />
              <LabeledValue label={PAYMENT_PREVIEW_TEXT.billDate} value={formatDate(target.billDate)} />
              <LabeledValue label={PAYMENT_PREVIEW_TEXT.dueDate} value={formatDate(target.dueDate)} />
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
