import { type InvoiceView, paths } from '@ferry/domain';
import { Alert, Group, Select, Text } from '@mantine/core';
import { IconFileDescription } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { type DocumentAttachment, localToday } from '@/components/document-form/document-form';
import { DocumentFormPage, type DocumentFormPageProps } from '@/components/document-form/document-form-page';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { createUuid } from '@/lib/random';
import {
  useCreateInvoice,
  useInvoiceAccounts,
  useInvoiceCustomers,
  useInvoiceDraft,
  useInvoiceDrafts,
  useInvoiceItems,
  useNextInvoiceNumber,
  useSaveInvoiceDraft,
  useSendPaymentRequest,
  useUpdateInvoice,
  useUploadInvoiceAttachment,
} from '../api/invoices-api';
import {
  INVOICE_KIND,
  type InvoiceFormValues,
  initialInvoiceForm,
  invoiceDraftToForm,
  invoiceToForm,
  toInvoiceBody,
  toInvoiceDraft,
} from '../utils/invoice-form';

export const INVOICE_SAVED_MESSAGE = 'Invoice saved.';
export const INVOICE_UPDATED_MESSAGE = 'Invoice updated.';
export const INVOICE_SENT_MESSAGE = 'Invoice saved and sent.';

/**
 * `/b/{id}/invoices/create` (spec 002 §2 "Create invoice"): the shared document form for an invoice —
 * customer (searchable, with the inline add of a customer), invoice number (the next INV-n), invoice date,
 * terms and due date, lines against items sold or income accounts, discount, tax, memo, attachments and
 * totals; drafts (Save as draft, the save-before-exit dialog, resuming one with `?draftId=`), Save invoice
 * and 'Save and send' (the invoice, then `POST payment-requests` to its customer on Ferry). With `invoice`
 * (`/invoices/{invoiceId}/edit`) it edits that unpaid invoice.
 */
/** The inline add of a customer, given by the app (features do not import each other). */
export type RenderInlineAdd = NonNullable<DocumentFormPageProps<DocumentAttachment>['renderInlineAdd']>;

export function CreateInvoicePage({
  invoice,
  renderInlineAdd,
  headerActions,
}: {
  invoice?: InvoiceView;
  renderInlineAdd?: RenderInlineAdd;
  /** More header buttons, given by the app (the accounting sync button). */
  headerActions?: ReactNode;
}) {
  const { businessId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const draftId = invoice ? null : searchParams.get('draftId');
  const draftQuery = useInvoiceDraft(businessId, draftId);
  if (draftId && draftQuery.isPending) return <PageLoader label="Loading draft" />;
  if (draftId && draftQuery.isError) {
    return <ErrorState error={draftQuery.error} onRetry={() => void draftQuery.refetch()} />;
  }
  const initial = invoice
    ? invoiceToForm(invoice)
    : draftQuery.data
      ? invoiceDraftToForm(draftQuery.data, localToday())
      : initialInvoiceForm(localToday());
  return (
    <InvoiceForm
      key={invoice?.id ?? draftId ?? 'new'}
      businessId={businessId}
      invoice={invoice}
      draftId={draftQuery.data?.id ?? null}
      initialValues={initial}
      renderInlineAdd={renderInlineAdd}
      headerActions={headerActions}
    />
  );
}

/** 'Resume a draft': the saved drafts, newest first; picking one opens it in the form. */
const ResumeDraft = ({ businessId }: { businessId: string }) => {
  const navigate = useNavigate();
  const drafts = useInvoiceDrafts(businessId).data?.items ?? [];
  if (drafts.length === 0) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconFileDescription size={18} aria-hidden />} mb="lg">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {drafts.length === 1 ? 'You have a saved draft.' : `You have ${drafts.length} saved drafts.`}
        </Text>
        <Select
          aria-label="Resume a draft"
          placeholder="Resume a draft"
          size="xs"
          w={280}
          data={drafts.map((draft) => ({
            value: draft.id,
            label: `${draft.payload.refNo || 'Untitled'} · saved ${new Date(draft.updatedAt).toLocaleDateString()}`,
          }))}
          onChange={(id) =>
            id && void navigate(`${paths.invoiceCreate(businessId)}?draftId=${encodeURIComponent(id)}`)
          }
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
    </Alert>
  );
};

const InvoiceForm = ({
  businessId,
  invoice,
  draftId,
  initialValues,
  renderInlineAdd,
  headerActions,
}: {
  headerActions: ReactNode;
  businessId: string;
  invoice: InvoiceView | undefined;
  draftId: string | null;
  initialValues: InvoiceFormValues;
  renderInlineAdd: RenderInlineAdd | undefined;
}) => {
  const customersQuery = useInvoiceCustomers(businessId);
  const itemsQuery = useInvoiceItems(businessId);
  const accountsQuery = useInvoiceAccounts(businessId);
  const referenceQuery = useNextInvoiceNumber(businessId);
  const createInvoice = useCreateInvoice(businessId);
  const updateInvoice = useUpdateInvoice(businessId, invoice?.id ?? '');
  const saveDraft = useSaveInvoiceDraft(businessId);
  const upload = useUploadInvoiceAttachment(businessId);
  const sendRequest = useSendPaymentRequest(businessId);
  // One key per form: a retried save never creates a second invoice.
  const [idempotencyKey] = useState(createUuid);
  const listHref = invoice ? paths.invoiceDetail(businessId, invoice.id) : paths.invoices(businessId);
  const create = (values: InvoiceFormValues, draft: string | null) =>
    createInvoice.mutateAsync({ body: toInvoiceBody(values, draft), idempotencyKey });

  return (
    <>
      {invoice || draftId ? null : <ResumeDraft businessId={businessId} />}
      <DocumentFormPage<DocumentAttachment>
        kind={INVOICE_KIND}
        initialValues={initialValues}
        initialDraftId={draftId}
        editingRefNo={invoice?.refNo}
        backHref={listHref}
        backLabel={invoice ? 'Invoice' : 'Invoices'}
        doneHref={listHref}
        contacts={{ ...customersQuery, data: customersQuery.data?.items }}
        items={itemsQuery}
        accounts={accountsQuery}
        nextRefNo={invoice ? undefined : referenceQuery.data?.refNo}
        save={
          invoice
            ? {
                label: 'Save',
                successMessage: INVOICE_UPDATED_MESSAGE,
                run: (values) => updateInvoice.mutateAsync({ body: toInvoiceBody(values, null) }),
              }
            : { label: 'Save invoice', successMessage: INVOICE_SAVED_MESSAGE, run: create }
        }
        moreSaves={
          invoice
            ? []
            : [
                {
                  label: 'Save and send',
                  successMessage: INVOICE_SENT_MESSAGE,
                  run: async (values, draft) => {
                    const saved = await create(values, draft);
                    await sendRequest.mutateAsync(saved.id);
                  },
                },
              ]
        }
        saveDraft={
          invoice
            ? undefined
            : {
                pending: saveDraft.isPending,
                run: (values, id) => saveDraft.mutateAsync({ draftId: id, payload: toInvoiceDraft(values) }),
              }
        }
        upload={{ pending: upload.isPending, run: (file) => upload.mutateAsync(file) }}
        renderInlineAdd={renderInlineAdd}
        headerActions={headerActions}
      />
    </>
  );
};
