import type { BillView } from '@ferry/domain';
import { paths } from '@ferry/domain';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { localToday } from '@/components/document-form/document-form';
import { DocumentFormPage } from '@/components/document-form/document-form-page';
import { createUuid } from '@/lib/random';
import {
  useBillAccounts,
  useBillItems,
  useBillVendors,
  useCreateBill,
  useNextReferenceNumber,
  useSaveBillDraft,
  useUpdateBill,
  useUploadBillAttachment,
} from '../api/bills-api';
import { BILL_KIND, billToForm, initialBillForm, toBillBody, toDraftPayload } from '../utils/bill-form';

export { DRAFT_SAVED_MESSAGE } from '@/components/document-form/document-form-page';
export const BILL_SAVED_MESSAGE = 'Bill saved.';
export const BILL_UPDATED_MESSAGE = 'Bill updated.';

/**
 * `/b/{id}/bills/create` (spec 002 §2 "Create bill"): the shared document form for a bill — vendor, bill
 * number (prefilled with the next one), dates and terms, lines against purchased items or expense
 * accounts, discount, tax, memo, attachments; Save as draft, Save bill (idempotent) and the save-before-exit
 * dialog. With `bill` (`/b/{id}/bills/{billId}/edit`) it edits that unpaid bill: Save (PATCH bills/{billId}),
 * no drafts, and back to the bill's page.
 */
export function CreateBillPage({
  bill,
  headerActions,
}: {
  bill?: BillView;
  /** More header buttons, given by the app (the accounting sync button). */
  headerActions?: ReactNode;
} = {}) {
  const { businessId = '' } = useParams();
  const listHref = bill ? paths.billMakePayment(businessId, bill.id) : paths.billsDue(businessId);
  const vendorsQuery = useBillVendors(businessId);
  const itemsQuery = useBillItems(businessId);
  const accountsQuery = useBillAccounts(businessId);
  const referenceQuery = useNextReferenceNumber(businessId);
  const createBill = useCreateBill(businessId);
  const updateBill = useUpdateBill(businessId, bill?.id ?? '');
  const saveDraft = useSaveBillDraft(businessId);
  const upload = useUploadBillAttachment(businessId);
  // One key per form: a retried save never creates a second bill.
  const [idempotencyKey] = useState(createUuid);
  const [initialValues] = useState(() => (bill ? billToForm(bill) : initialBillForm(localToday())));

  return (
    <DocumentFormPage
      kind={BILL_KIND}
      initialValues={initialValues}
      editingRefNo={bill?.refNo}
      backHref={listHref}
      backLabel={bill ? 'Bill' : 'Bills'}
      headerActions={headerActions}
      doneHref={listHref}
      contacts={{ ...vendorsQuery, data: vendorsQuery.data?.items }}
      items={itemsQuery}
      accounts={accountsQuery}
      nextRefNo={referenceQuery.data?.refNo}
      save={
        bill
          ? {
              label: 'Save',
              successMessage: BILL_UPDATED_MESSAGE,
              run: (values) => updateBill.mutateAsync({ body: toBillBody(values, null) }),
            }
          : {
              label: 'Save bill',
              successMessage: BILL_SAVED_MESSAGE,
              run: (values, draftId) =>
                createBill.mutateAsync({ body: toBillBody(values, draftId), idempotencyKey }),
            }
      }
      saveDraft={
        bill
          ? undefined
          : {
              pending: saveDraft.isPending,
              run: (values, draftId) => saveDraft.mutateAsync({ draftId, payload: toDraftPayload(values) }),
            }
      }
      upload={{ pending: upload.isPending, run: (file) => upload.mutateAsync(file) }}
    />
  );
}
