import { ACCESS_DENIED_MESSAGE, BILL_MESSAGES, paths } from '@ferry/domain';
import { useParams } from 'react-router';
import { EditDocumentGate } from '@/components/document-form/edit-document-gate';
import { useBusinessAccess } from '@/lib/business-access';
import { useBillDetail } from '../api/bills-api';
import { canManageBills } from '../utils/access';
import { isBillEditable } from '../utils/bill-form';
import { CreateBillPage } from './create-bill-page';

/**
 * `/b/{id}/bills/{billId}/edit` (issue 15): the create-bill form in edit mode for an unpaid bill; a bill
 * with money scheduled or paid on it says it can no longer be edited (the server refuses it as well).
 */
export function EditBillPage() {
  const { businessId = '', billId = '' } = useParams();
  const businessQuery = useBusinessAccess(businessId);
  const billQuery = useBillDetail(businessId, billId);
  return (
    <EditDocumentGate
      queries={[billQuery, businessQuery]}
      loadingLabel="Loading bill"
      blocked={() =>
        businessQuery.data && !canManageBills(businessQuery.data)
          ? ACCESS_DENIED_MESSAGE
          : billQuery.data && !isBillEditable(billQuery.data)
            ? BILL_MESSAGES.notEditable
            : null
      }
      backHref={() => paths.billMakePayment(businessId, billId)}
      backLabel="Back to the bill"
    >
      {() => (billQuery.data ? <CreateBillPage key={billQuery.data.id} bill={billQuery.data} /> : null)}
    </EditDocumentGate>
  );
}
