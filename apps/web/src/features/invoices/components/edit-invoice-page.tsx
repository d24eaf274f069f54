import { ACCESS_DENIED_MESSAGE, INVOICE_MESSAGES, paths } from '@ferry/domain';
import { useParams } from 'react-router';
import { EditDocumentGate } from '@/components/document-form/edit-document-gate';
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
  return (
    <EditDocumentGate
      queries={[invoiceQuery, businessQuery]}
      loadingLabel="Loading invoice"
      blocked={() =>
        businessQuery.data && !canManageInvoices(businessQuery.data)
          ? ACCESS_DENIED_MESSAGE
          : invoiceQuery.data && !isInvoiceEditable(invoiceQuery.data)
            ? INVOICE_MESSAGES.notEditable
            : null
      }
      backHref={() => paths.invoiceDetail(businessId, invoiceId)}
      backLabel="Back to the invoice"
    >
      {() =>
        invoiceQuery.data ? (
          <CreateInvoicePage
            key={invoiceQuery.data.id}
            invoice={invoiceQuery.data}
            renderInlineAdd={renderInlineAdd}
          />
        ) : null
      }
    </EditDocumentGate>
  );
}
