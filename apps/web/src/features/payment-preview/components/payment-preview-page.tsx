import { formatDate, formatMoney, MONEY_MESSAGES, paths, toCents } from '@ferry/domain';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { LabeledValue } from '@/components/labeled-value';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { PageLoader } from '@/components/page-loader';
import { PdfViewer } from '@/components/pdf-viewer';
import { pdfFileNameOf } from '@/components/pdf-viewer/document-pdf';
import { getErrorMessage } from '@/lib/api-error';
import {
  type PreviewMode,
  type PreviewTarget,
  previewModeOf,
  useDocumentPdf,
  usePreviewPaymentRequest,
  usePreviewTarget,
} from '../api/payment-preview-api';

export const PAYMENT_PREVIEW_TEXT = {
  failed: MONEY_MESSAGES.paymentPreviewFailed,
  loading: 'Loading payment preview...',
  refNo: 'Ref#',
  billDate: 'Bill Date',
  invoiceDate: 'Invoice Date',
  dueDate: 'Due Date',
  dueAmount: 'Due Amount:',
} as const;

const moneyOf = (amount: number) => formatMoney(toCents(amount.toFixed(2)));

type Crumbs = {
  businessId: string;
  mode: PreviewMode;
  target: PreviewTarget | undefined;
  paymentRequestId: string | null;
};

/** Where Details leads: the payment's detail, else the bill's make-payment page or the invoice's detail. */
const detailsHrefOf = ({ businessId, mode, target, paymentRequestId }: Crumbs): string | undefined => {
  if (!target) return undefined;
  if (mode === 'invoice') {
    return target.paymentId
      ? paths.invoicePaymentDetail(businessId, target.paymentId)
      : paths.invoiceDetail(businessId, target.documentId);
  }
  if (target.paymentId) return paths.billPaymentDetail(businessId, target.paymentId);
  return `${paths.billMakePayment(businessId, target.documentId)}${
    paymentRequestId ? `?paymentRequestId=${encodeURIComponent(paymentRequestId)}` : ''
  }`;
};

/** Pay (or Get Paid) › Payments › Details › Preview. */
const PreviewBreadcrumbs = (crumbs: Crumbs) => {
  const { businessId, mode } = crumbs;
  return (
    <PageBreadcrumbs
      trail={
        mode === 'bill'
          ? [
              { label: 'Pay', href: paths.bills(businessId) },
              { label: 'Payments', href: paths.billPayments(businessId) },
              { label: 'Details', href: detailsHrefOf(crumbs) },
            ]
          : [
              { label: 'Get Paid', href: paths.invoices(businessId) },
              { label: 'Payments', href: paths.invoicePayments(businessId) },
              { label: 'Details', href: detailsHrefOf(crumbs) },
            ]
      }
      current="Preview"
    />
  );
};

/**
 * `/b/{id}/bills/payment/{paymentId}` and `/b/{id}/invoices/payment/{paymentId}` (+ `?paymentRequestId=`),
 * spec 002 §2 "Payment preview": Bill mode when the path contains 'bill' (the payee, Ref#, Bill Date and
 * Due Date, the bill's PDF) else Get Paid mode (the payer, Ref#, Invoice Date and Due Date, the invoice's
 * PDF); the shared viewer and 'Due Amount:' with the balance. `paymentId` is a payment's id, or the
 * document's when it is previewed directly.
 */
export function PaymentPreviewPage() {
  const { businessId = '', paymentId = '' } = useParams();
  const mode = previewModeOf(useLocation().pathname);
  const [searchParams] = useSearchParams();
  const paymentRequestId = searchParams.get('paymentRequestId') || null;
  // The request names the payee in Bill mode (the payer's received request); Get Paid mode names the payer.
  const billRequestId = mode === 'bill' ? paymentRequestId : null;

  const targetQuery = usePreviewTarget(businessId, paymentId, mode);
  const target = targetQuery.data;
  const pdfQuery = useDocumentPdf(businessId, mode, target?.documentId);
  const requestQuery = usePreviewPaymentRequest(businessId, billRequestId);

  const failed = targetQuery.isError
    ? { error: targetQuery.error, retry: targetQuery.refetch }
    : pdfQuery.isError
      ? { error: pdfQuery.error, retry: pdfQuery.refetch }
      : requestQuery.isError
        ? { error: requestQuery.error, retry: requestQuery.refetch }
        : null;
  const loading =
    targetQuery.isPending || pdfQuery.isPending || (billRequestId !== null && requestQuery.isPending);

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
    const name = requestQuery.data?.sender.businessName ?? target.counterpartyName;
    const fileName = pdfFileNameOf(target.refNo, mode);
    body = (
      <Stack gap="md">
        <Paper
          withBorder
          radius="md"
          p="lg"
          component="section"
          aria-label={mode === 'bill' ? 'Bill' : 'Invoice'}
        >
          <Stack gap="md">
            <Title order={1} size="h3">
              {name}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              <LabeledValue label={PAYMENT_PREVIEW_TEXT.refNo} value={target.refNo} />
              <LabeledValue
                label={mode === 'bill' ? PAYMENT_PREVIEW_TEXT.billDate : PAYMENT_PREVIEW_TEXT.invoiceDate}
                value={formatDate(target.documentDate)}
              />
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
      <PreviewBreadcrumbs
        businessId={businessId}
        mode={mode}
        target={target}
        paymentRequestId={paymentRequestId}
      />
      {body}
    </Stack>
  );
}
