import { ACCESS_DENIED_MESSAGE, INVOICE_MESSAGES, paths } from '@ferry/domain';
import { Alert, Anchor, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { useBusinessAccess } from '@/lib/business-access';
import { useInvoiceDetail } from '../api/invoices-api';
import { canManageInvoices } from '../utils/invoice-access';
import { isInvoiceEditable } from '../utils/invoice-form';
import { CreateInvoicePage, type RenderInlineAdd } from './create-invoice-page';

/**
 * `/b/{id}/invoices/{invoiceId}/edit`: the create-invoice form in edit mode while the invoice is unpaid;
 * once something was received or a request is out it says it can no longer be edited (the server
 * refuses it as well).
 */
export function EditInvoicePage({ renderInlineAdd }: { renderInlineAdd?: RenderInlineAdd }) {
  const { businessId = '', invoiceId = '' } = useParams();
  const businessQuery = useBusinessAccess(businessId);
  const invoiceQuery = useInvoiceDetail(businessId, invoiceId);
  if (invoiceQuery.isPending || businessQuery.isPending) return <PageLoader label="Loading invoice" />;
  if (invoiceQuery.isError)
    return <ErrorState error={invoiceQuery.error} onRetry={() => void invoiceQuery.refetch()} />;
  if (businessQuery.isError) {
    return <ErrorState error={businessQuery.error} onRetry={() => void businessQuery.refetch()} />;
  }
  const invoice = invoiceQuery.data;
  const blocked = !canManageInvoices(businessQuery.data)
    ? ACCESS_DENIED_MESSAGE
    : isInvoiceEditable(invoice)
      ? null
      : INVOICE_MESSAGES.notEditable;
  if (blocked) {
    return (
      <Stack gap="md" maw={720}>
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="alert">
          {blocked}
        </Alert>
        <Anchor component={Link} to={paths.invoiceDetail(businessId, invoice.id)} size="sm">
          Back to the invoice
        </Anchor>
      </Stack>
    );
  }
  return <CreateInvoicePage key={invoice.id} invoice={invoice} renderInlineAdd={renderInlineAdd} />;
}
