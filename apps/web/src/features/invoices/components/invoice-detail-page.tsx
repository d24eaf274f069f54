import {
  formatDate,
  type InvoiceView,
  PAYMENT_REQUEST_MESSAGES,
  PAYMENT_REQUEST_STATUS_LABELS,
  paths,
} from '@ferry/domain';
import {
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { LabeledValue } from '@/components/labeled-value';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { PageLoader } from '@/components/page-loader';
import { MarkDocumentAsPaidDialog } from '@/components/pay/mark-as-paid-dialog';
import { PdfViewer } from '@/components/pdf-viewer';
import { pdfFileNameOf } from '@/components/pdf-viewer/document-pdf';
import { StatusBadge } from '@/components/status-badge';
import { paths as appPaths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-error';
import { useBusinessAccess } from '@/lib/business-access';
import { useInvoiceDetail, useInvoicePdf, useMarkInvoiceAsPaid } from '../api/invoices-api';
import { canManageInvoices, canReadReceivedPayments } from '../utils/invoice-access';
import { canSendRequest, invoiceStatusDisplay, money } from '../utils/invoice-display';
import { isInvoiceEditable } from '../utils/invoice-form';
import { PaymentRequestActions } from './payment-request-actions';

export const INVOICE_DETAIL_TEXT = {
  loading: 'Loading invoice',
  refNo: 'Ref#',
  invoiceDate: 'Invoice Date',
  dueDate: 'Due Date',
  noPayments: 'No payments yet.',
  pdfLoading: 'Loading the invoice PDF',
} as const;

const PAYMENT_KIND_LABEL: Record<InvoiceView['payments'][number]['kind'], string> = {
  MARKED_AS_PAID: 'Marked as Paid',
  RECEIVED: 'Received',
};

const timestamp = (iso: string) => formatDate(iso.slice(0, 10));

/** An invoice can be marked as paid while something is left and no payment is on its way. */
const canMarkPaid = (invoice: InvoiceView) =>
  invoice.balance > 0 && invoice.status !== 'cancelled' && invoice.status !== 'processing';

/**
 * `/b/{id}/invoices/{invoiceId}/detail` (spec 002 §2, §4, §5): the customer, Ref#, Invoice Date, Due Date
 * and the status as the receiving side reads it; the invoice's PDF in the shared viewer; the amounts; its
 * payments (marked as paid or received); the payment request (sent, last reminder, Send reminder / Cancel
 * request, or Send payment request); 'Mark as Paid' into a verified receiving bank; Edit while unpaid.
 */
/** What the invoice page gives its auto-pay hint (features/auto-payments, passed in by the route). */
export type InvoiceAutoPayHintProps = {
  businessId: string;
  customerId: string;
  invoiceId: string;
  permissions: readonly string[] | undefined;
};

export function InvoiceDetailPage({
  autoPayHint: AutoPayHint,
}: {
  /** 'Auto-pay on due date' on an open invoice of a customer who authorised auto payments (issue 20). */
  autoPayHint?: ComponentType<InvoiceAutoPayHintProps>;
} = {}) {
  const { businessId = '', invoiceId = '' } = useParams();
  const business = useBusinessAccess(businessId).data;
  const invoiceQuery = useInvoiceDetail(businessId, invoiceId);
  const invoice = invoiceQuery.data;
  const pdfQuery = useInvoicePdf(businessId, invoiceId, invoice?.updatedAt);
  const markAsPaid = useMarkInvoiceAsPaid(businessId);
  const [markOpen, setMarkOpen] = useState(false);
  const canManage = business ? canManageInvoices(business) : false;
  const canViewReceived = business ? canReadReceivedPayments(business) : false;

  const crumbs = (
    <PageBreadcrumbs
      trail={[
        { label: 'Get Paid', href: paths.invoices(businessId) },
        { label: 'Invoices', href: paths.invoices(businessId) },
      ]}
      current={invoice ? `Invoice ${invoice.refNo}` : 'Invoice'}
    />
  );
  if (invoiceQuery.isError) {
    return (
      <Stack gap="lg" maw={1120}>
        {crumbs}
        <ErrorState error={invoiceQuery.error} onRetry={() => void invoiceQuery.refetch()} />
      </Stack>
    );
  }
  if (!invoice) return <PageLoader label={INVOICE_DETAIL_TEXT.loading} />;

  const status = invoiceStatusDisplay(invoice.status);
  const paid = Math.max(invoice.amount - invoice.balance, 0);
  const request = invoice.paymentRequest;

  return (
    <Stack gap="lg" maw={1120}>
      {crumbs}
      <Paper withBorder radius="md" p="lg" component="section" aria-label="Invoice">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={4}>
              <Group gap="sm">
                <Title order={1} size="h3">
                  {invoice.customerName}
                </Title>
                <StatusBadge label={status.label} colour={status.colour} />
                {AutoPayHint && canMarkPaid(invoice) ? (
                  <AutoPayHint
                    businessId={businessId}
                    customerId={invoice.contact.id}
                    invoiceId={invoice.id}
                    permissions={business?.permissions}
                  />
                ) : null}
              </Group>
              <Text size="sm" c="dimmed">
                {invoice.contact.email}
              </Text>
            </Stack>
            {canManage ? (
              <Group gap="sm">
                {isInvoiceEditable(invoice) ? (
                  <Button
                    variant="default"
                    component={Link}
                    to={appPaths.business.invoiceEdit.getHref(businessId, invoice.id)}
                    leftSection={<IconPencil size={16} aria-hidden />}
                  >
                    Edit
                  </Button>
                ) : null}
                {canMarkPaid(invoice) ? (
                  <Button onClick={() => setMarkOpen(true)}>Mark as Paid</Button>
                ) : null}
              </Group>
            ) : null}
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <LabeledValue label={INVOICE_DETAIL_TEXT.refNo} value={invoice.refNo} />
            <LabeledValue label={INVOICE_DETAIL_TEXT.invoiceDate} value={formatDate(invoice.invoiceDate)} />
            <LabeledValue label={INVOICE_DETAIL_TEXT.dueDate} value={formatDate(invoice.dueDate)} />
          </SimpleGrid>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="lg" component="section" aria-label="Amounts">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <LabeledValue label="Invoice amount" value={money(invoice.amount)} />
          <LabeledValue label="Paid" value={money(paid)} />
          <LabeledValue label="Balance due" value={money(invoice.balance)} />
        </SimpleGrid>
      </Paper>

      {request || canManage ? (
        <Paper withBorder radius="md" p="lg" component="section" aria-label="Payment request">
          <Stack gap="sm">
            <Title order={2} size="h5">
              Payment request
            </Title>
            {request ? (
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
                <LabeledValue label="Sent" value={timestamp(request.sentAt)} />
                <LabeledValue
                  label="Last reminder"
                  value={request.lastReminderAt ? timestamp(request.lastReminderAt) : 'None yet'}
                />
                <LabeledValue label="Request status" value={PAYMENT_REQUEST_STATUS_LABELS[request.state]} />
              </SimpleGrid>
            ) : (
              <Text size="sm" c="dimmed">
                No payment request has been sent for this invoice.
              </Text>
            )}
            {canManage ? (
              <Group>
                <PaymentRequestActions businessId={businessId} invoice={invoice} size="sm" />
              </Group>
            ) : null}
            {canManage && canSendRequest(invoice) && !invoice.contact.onNetwork ? (
              <Text size="sm" c="dimmed">
                {PAYMENT_REQUEST_MESSAGES.customerNotOnFerry}
              </Text>
            ) : null}
          </Stack>
        </Paper>
      ) : null}

      <Paper withBorder radius="md" p="lg" component="section" aria-label="Payments">
        <Stack gap="sm">
          <Title order={2} size="h5">
            Payments
          </Title>
          {invoice.payments.length === 0 ? (
            <Text size="sm" c="dimmed">
              {INVOICE_DETAIL_TEXT.noPayments}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={560} type="native">
              <Table verticalSpacing="xs" aria-label="Payments of this invoice">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>How</Table.Th>
                    <Table.Th>Received in</Table.Th>
                    <Table.Th>Remarks</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {invoice.payments.map((payment) => (
                    <Table.Tr key={payment.id}>
                      <Table.Td>{formatDate(payment.date)}</Table.Td>
                      <Table.Td>
                        <StatusBadge
                          label={
                            payment.status === 'REVERSED' ? 'Reversed' : PAYMENT_KIND_LABEL[payment.kind]
                          }
                          colour={payment.status === 'REVERSED' ? 'red' : 'green'}
                        />
                      </Table.Td>
                      <Table.Td>
                        {payment.bankName
                          ? `${payment.bankName}${payment.accountMask ? ` *** ${payment.accountMask}` : ''}`
                          : '—'}
                      </Table.Td>
                      <Table.Td>{payment.remarks ?? '—'}</Table.Td>
                      <Table.Td ta="right">{money(payment.amount)}</Table.Td>
                      <Table.Td ta="right">
                        {payment.paymentId && canViewReceived ? (
                          <Anchor
                            component={Link}
                            to={paths.invoicePaymentDetail(businessId, payment.paymentId)}
                            size="sm"
                            aria-label={`View payment of ${money(payment.amount)} received ${formatDate(payment.date)}`}
                          >
                            View
                          </Anchor>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>

      <section aria-label="Invoice PDF">
        {pdfQuery.isError ? (
          <ErrorState
            error={pdfQuery.error}
            message={getErrorMessage(pdfQuery.error)}
            onRetry={() => void pdfQuery.refetch()}
          />
        ) : pdfQuery.data ? (
          <PdfViewer
            source={pdfQuery.data.data ? { data: pdfQuery.data.data } : { url: pdfQuery.data.fileUrl }}
            fileName={pdfFileNameOf(invoice.refNo, 'invoice')}
          />
        ) : (
          <PageLoader label={INVOICE_DETAIL_TEXT.pdfLoading} />
        )}
      </section>

      <Anchor component={Link} to={paths.invoices(businessId)} size="sm">
        Back to invoices
      </Anchor>

      <MarkDocumentAsPaidDialog
        opened={markOpen}
        onClose={() => setMarkOpen(false)}
        businessId={businessId}
        kind="invoice"
        document={
          markOpen
            ? {
                id: invoice.id,
                refNo: invoice.refNo,
                contactName: invoice.customerName,
                dueAmount: invoice.balance,
              }
            : null
        }
        submit={{
          run: (body, idempotencyKey) => markAsPaid.mutateAsync({ body, idempotencyKey }),
          pending: markAsPaid.isPending,
        }}
      />
    </Stack>
  );
}
