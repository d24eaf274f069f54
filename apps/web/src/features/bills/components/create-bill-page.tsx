import {
  BILL_LIMITS,
  BILL_MESSAGES,
  type BillAttachmentView,
  type BillView,
  dueDateForTerm,
  formatMoney,
  PAYMENT_TERMS,
  type PaymentTerm,
  paths,
} from '@ferry/domain';
import {
  ActionIcon,
  Anchor,
  Button,
  FileButton,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconPaperclip, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { ErrorState } from '@/components/error-state';
import { getErrorMessage, isApiError } from '@/lib/api-error';
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
import {
  type BillFormErrors,
  type BillFormValues,
  type BillLineForm,
  billToForm,
  fieldOfServerMessage,
  formTotals,
  initialBillForm,
  localToday,
  newLine,
  recomputeDueDate,
  toBillBody,
  toDraftPayload,
  validateBillForm,
} from '../utils/bill-form';
import { BillLinesField } from './bill-lines-field';

export const BILL_SAVED_MESSAGE = 'Bill saved.';
export const DRAFT_SAVED_MESSAGE = 'Draft saved.';
export const BILL_UPDATED_MESSAGE = 'Bill updated.';
const TERM_OPTIONS = PAYMENT_TERMS.map((term) => ({ value: term.value, label: term.label }));

const TotalRow = ({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) => (
  <Group justify="space-between">
    <Text size="sm" fw={strong ? 700 : 400}>
      {label}
    </Text>
    <Text size="sm" fw={strong ? 700 : 400} aria-label={`${label} ${formatMoney(cents)}`}>
      {formatMoney(cents)}
    </Text>
  </Group>
);

/**
 * `/b/{id}/bills/create` (spec 002 §2 "Create bill"): vendor, bill number (prefilled with the next one),
 * dates and payment terms, line items against items or expense accounts, discount, tax, memo and
 * attachments, with the totals worked out as the server does. Save as draft, Save bill (idempotent), and
 * the save-before-exit dialog when leaving with unsaved changes. With `bill` (`/b/{id}/bills/{billId}/edit`)
 * it edits that unpaid bill instead: the form prefilled, Save (PATCH bills/{billId}), no drafts, and back
 * to the bill's page.
 */
export function CreateBillPage({ bill }: { bill?: BillView } = {}) {
  const { businessId = '' } = useParams();
  const navigate = useNavigate();
  // Editing goes back to the bill's page; creating, to the Bills tab.
  const listHref = bill ? paths.billMakePayment(businessId, bill.id) : paths.billsDue(businessId);
  const editing = bill !== undefined;
  const vendorsQuery = useBillVendors(businessId);
  const itemsQuery = useBillItems(businessId);
  const accountsQuery = useBillAccounts(businessId);
  const referenceQuery = useNextReferenceNumber(businessId);
  const createBill = useCreateBill(businessId);
  const updateBill = useUpdateBill(businessId, bill?.id ?? '');
  const saving = editing ? updateBill : createBill;
  const saveDraft = useSaveBillDraft(businessId);
  const upload = useUploadBillAttachment(businessId);

  const [values, setValues] = useState<BillFormValues>(() =>
    bill ? billToForm(bill) : initialBillForm(localToday()),
  );
  const [errors, setErrors] = useState<BillFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [draftId, setDraftId] = useState<string | null>(null);
  const [exitOpen, setExitOpen] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  // One key per form: a retried save never creates a second bill.
  const [idempotencyKey] = useState(createUuid);

  const nextRef = referenceQuery.data?.refNo;
  useEffect(() => {
    if (nextRef) setValues((v) => (v.refNo === '' ? { ...v, refNo: nextRef } : v));
  }, [nextRef]);

  const totals = formTotals(values);

  const update = (patch: Partial<BillFormValues>, clear: string[] = []) => {
    setValues((v) => ({ ...v, ...patch }));
    setDirty(true);
    if (clear.length > 0) {
      setErrors((current) => {
        const next = { ...current };
        for (const key of clear) delete next[key];
        return next;
      });
    }
  };

  const updateLine = (index: number, patch: Partial<BillLineForm>) => {
    setValues((v) => ({
      ...v,
      lines: v.lines.map((line, i) => (i === index ? { ...line, ...patch } : line)),
    }));
    setDirty(true);
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(next))
        if (key.startsWith(`lines.${index}.`) || key === 'lines') delete next[key];
      return next;
    });
  };

  const onBillDate = (billDate: string) =>
    update({ billDate, dueDate: recomputeDueDate(billDate, values.paymentTerm, values.dueDate) }, [
      'billDate',
      'dueDate',
    ]);

  const onTerm = (term: PaymentTerm) =>
    update({ paymentTerm: term, dueDate: recomputeDueDate(values.billDate, term, values.dueDate) }, [
      'dueDate',
    ]);

  const onDueDate = (dueDate: string) => {
    // A due date typed by hand that no term gives makes the terms custom.
    let term = values.paymentTerm;
    try {
      if (dueDateForTerm(values.billDate, term) !== dueDate) term = 'CUSTOM';
    } catch {
      term = 'CUSTOM';
    }
    update({ dueDate, paymentTerm: term }, ['dueDate']);
  };

  const onFile = (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    if (values.attachments.length >= BILL_LIMITS.maxAttachments) {
      setUploadError(BILL_MESSAGES.attachmentsLimit);
      return;
    }
    upload.mutate(file, {
      onSuccess: (attachment: BillAttachmentView) =>
        update({ attachments: [...values.attachments, attachment] }),
      onError: (error) => setUploadError(getErrorMessage(error)),
    });
  };

  const onSaveDraft = (then?: () => void) => {
    setFormError(null);
    saveDraft.mutate(
      { draftId, payload: toDraftPayload(values) },
      {
        onSuccess: (draft) => {
          setDraftId(draft.id);
          setDirty(false);
          notifications.show({ color: 'teal', message: DRAFT_SAVED_MESSAGE });
          then?.();
        },
        onError: (error) => {
          setExitOpen(false);
          setFormError(getErrorMessage(error));
        },
      },
    );
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateBillForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const options = {
      onSuccess: () => {
        setDirty(false);
        notifications.show({ color: 'teal', message: editing ? BILL_UPDATED_MESSAGE : BILL_SAVED_MESSAGE });
        void navigate(listHref);
      },
      onError: (error: Error) => {
        if (isApiError(error)) {
          const fieldErrors: BillFormErrors = {};
          for (const e of error.errors) {
            const field = fieldOfServerMessage(e.field, e.message);
            if (field && !(field in fieldErrors)) fieldErrors[field] = e.message;
          }
          if (error.message === BILL_MESSAGES.referenceTaken) fieldErrors.refNo = error.message;
          if (Object.keys(fieldErrors).length > 0) {
            setErrors(fieldErrors);
            return;
          }
        }
        setFormError(getErrorMessage(error));
      },
    };
    if (editing) updateBill.mutate({ body: toBillBody(values, null) }, options);
    else createBill.mutate({ body: toBillBody(values, draftId), idempotencyKey }, options);
  };

  const leave = () => {
    if (dirty) setExitOpen(true);
    else void navigate(listHref);
  };

  const pickersFailed = vendorsQuery.isError
    ? vendorsQuery
    : itemsQuery.isError
      ? itemsQuery
      : accountsQuery.isError
        ? accountsQuery
        : null;
  if (pickersFailed) {
    return <ErrorState error={pickersFailed.error} onRetry={() => void pickersFailed.refetch()} />;
  }

  const vendorOptions = (vendorsQuery.data?.items ?? []).map((v) => ({ value: v.id, label: v.name }));
  const isPercent = values.discountType === 'PERCENT';

  return (
    <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit bill' : 'Create bill'}>
      <Stack gap="lg" maw={1120}>
        <Group justify="space-between" align="center">
          <Stack gap={4}>
            <Anchor
              component={Link}
              to={listHref}
              size="sm"
              onClick={(event) => {
                if (!dirty) return;
                event.preventDefault();
                setExitOpen(true);
              }}
            >
              <Group gap={4}>
                <IconArrowLeft size={14} aria-hidden />
                {editing ? 'Bill' : 'Bills'}
              </Group>
            </Anchor>
            <Title order={1} fz={30} lts="-0.02em">
              {editing ? `Edit bill ${bill.refNo}` : 'Create bill'}
            </Title>
          </Stack>
          <Group gap="sm">
            <Button variant="default" onClick={leave}>
              Cancel
            </Button>
            {editing ? null : (
              <Button
                variant="light"
                onClick={() => onSaveDraft()}
                loading={saveDraft.isPending && !exitOpen}
              >
                Save as draft
              </Button>
            )}
            <Button type="submit" loading={saving.isPending}>
              {editing ? 'Save' : 'Save bill'}
            </Button>
          </Group>
        </Group>

        {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}

        <Paper withBorder radius="md" p="lg">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label="Vendor"
                placeholder={vendorsQuery.isPending ? 'Loading vendors…' : 'Search vendors'}
                data={vendorOptions}
                value={values.vendorId}
                onChange={(vendorId) => update({ vendorId }, ['vendorId'])}
                searchable
                nothingFoundMessage="No vendors found"
                required
                error={errors.vendorId}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Bill number"
                value={values.refNo}
                onChange={(e) => update({ refNo: e.currentTarget.value }, ['refNo'])}
                required
                error={errors.refNo}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                type="date"
                label="Bill date"
                value={values.billDate}
                onChange={(e) => onBillDate(e.currentTarget.value)}
                required
                error={errors.billDate}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Select
                label="Payment terms"
                data={TERM_OPTIONS}
                value={values.paymentTerm}
                onChange={(term) => term && onTerm(term as PaymentTerm)}
                allowDeselect={false}
                error={errors.paymentTerm}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                type="date"
                label="Due date"
                value={values.dueDate}
                min={values.billDate || undefined}
                onChange={(e) => onDueDate(e.currentTarget.value)}
                error={errors.dueDate}
              />
            </Grid.Col>
          </Grid>
        </Paper>

        <Paper withBorder radius="md" p="lg">
          <BillLinesField
            lines={values.lines}
            lineAmountsCents={totals.lineAmountsCents}
            items={itemsQuery.data ?? []}
            accounts={accountsQuery.data ?? []}
            errors={errors}
            onChange={updateLine}
            onAdd={() => update({ lines: [...values.lines, newLine()] }, ['lines'])}
            onRemove={(index) =>
              update(
                { lines: values.lines.filter((_, i) => i !== index) },
                Object.keys(errors).filter((k) => k.startsWith('lines')),
              )
            }
          />
        </Paper>

        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder radius="md" p="lg">
              <Stack gap="md">
                <Textarea
                  label="Memo"
                  value={values.memo}
                  maxLength={BILL_LIMITS.memoMax}
                  rows={3}
                  onChange={(e) => update({ memo: e.currentTarget.value }, ['memo'])}
                  error={errors.memo}
                />
                <Stack gap="xs">
                  <Text fw={500} size="sm">
                    Attachments
                  </Text>
                  {values.attachments.map((attachment) => (
                    <Group key={attachment.id} gap="xs">
                      <IconPaperclip size={14} aria-hidden />
                      <Text size="sm">{attachment.fileName}</Text>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        aria-label={`Remove ${attachment.fileName}`}
                        onClick={() =>
                          update({ attachments: values.attachments.filter((a) => a.id !== attachment.id) })
                        }
                      >
                        <IconX size={14} aria-hidden />
                      </ActionIcon>
                    </Group>
                  ))}
                  <Group>
                    <FileButton onChange={onFile} accept="application/pdf,image/png,image/jpeg">
                      {(props) => (
                        <Button
                          {...props}
                          variant="default"
                          size="xs"
                          leftSection={<IconPaperclip size={14} aria-hidden />}
                          loading={upload.isPending}
                          disabled={values.attachments.length >= BILL_LIMITS.maxAttachments}
                        >
                          Attach a file
                        </Button>
                      )}
                    </FileButton>
                    <Text size="xs" c="dimmed">
                      PDF, PNG or JPEG, up to 5 MB; at most {BILL_LIMITS.maxAttachments} files.
                    </Text>
                  </Group>
                  {uploadError ? (
                    <Text size="sm" c="red" role="alert">
                      {uploadError}
                    </Text>
                  ) : null}
                </Stack>
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder radius="md" p="lg">
              <Stack gap="sm">
                <TotalRow label="Subtotal" cents={totals.subtotalCents} />
                <Group align="flex-start" gap="xs" wrap="nowrap">
                  <TextInput
                    label="Discount"
                    inputMode="decimal"
                    value={values.discountValue}
                    leftSection={isPercent ? undefined : '$'}
                    rightSection={isPercent ? '%' : undefined}
                    onChange={(e) =>
                      update({ discountValue: e.currentTarget.value }, ['discount.value', 'discount'])
                    }
                    error={errors['discount.value'] ?? errors.discount}
                    style={{ flex: 1 }}
                  />
                  <SegmentedControl
                    mt={25}
                    aria-label="Discount type"
                    value={values.discountType}
                    onChange={(type) =>
                      update({ discountType: type as 'AMOUNT' | 'PERCENT' }, ['discount.value'])
                    }
                    data={[
                      { value: 'AMOUNT', label: '$' },
                      { value: 'PERCENT', label: '%' },
                    ]}
                  />
                </Group>
                <TotalRow label="Discount" cents={-totals.discountCents} />
                <TextInput
                  label="Tax"
                  inputMode="decimal"
                  leftSection="$"
                  value={values.taxAmount}
                  onChange={(e) => update({ taxAmount: e.currentTarget.value }, ['taxAmount'])}
                  error={errors.taxAmount}
                />
                <TotalRow label="Tax" cents={totals.taxCents} />
                <TotalRow label="Total" cents={totals.amountCents} strong />
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>

        <Dialog opened={exitOpen} onClose={() => setExitOpen(false)} title="Save your changes?">
          <Stack gap="lg">
            <Text size="sm">
              {editing
                ? 'This bill has changes that are not saved. Leave without saving them?'
                : 'This bill has changes that are not saved. Save them as a draft before leaving?'}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setExitOpen(false)}>
                Keep editing
              </Button>
              <Button
                variant="light"
                color="red"
                onClick={() => {
                  setExitOpen(false);
                  setDirty(false);
                  void navigate(listHref);
                }}
              >
                Discard
              </Button>
              {editing ? null : (
                <Button
                  loading={saveDraft.isPending}
                  onClick={() => onSaveDraft(() => void navigate(listHref))}
                >
                  Save as draft
                </Button>
              )}
            </Group>
          </Stack>
        </Dialog>
      </Stack>
    </form>
  );
}
