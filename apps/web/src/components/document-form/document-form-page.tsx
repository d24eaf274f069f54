import {
  type AccountingItemView,
  type ChartAccountView,
  dueDateForTerm,
  formatMoney,
  PAYMENT_TERMS,
  type PaymentTerm,
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
import { IconArrowLeft, IconPaperclip, IconPlus, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { ErrorState } from '@/components/error-state';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import {
  type DocumentAttachment,
  type DocumentFields,
  type DocumentFormErrors,
  type DocumentFormValues,
  type DocumentLineForm,
  formKeyOf,
  formTotals,
  newLine,
  recomputeDueDate,
  validateDocumentForm,
} from './document-form';
import { DocumentLinesField } from './document-lines-field';

export const DRAFT_SAVED_MESSAGE = 'Draft saved.';
const TERM_OPTIONS = PAYMENT_TERMS.map((term) => ({ value: term.value, label: term.label }));
const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** What differs between a bill's and an invoice's form (names, limits, messages, the request schema). */
export type DocumentKind = {
  /** 'bill' / 'invoice'. */
  noun: string;
  /** 'vendor' / 'customer'. */
  contactNoun: string;
  fields: DocumentFields;
  /** The server's request schema, which the form validates with. */
  schema: Parameters<typeof validateDocumentForm>[1];
  limits: { maxLines: number; descriptionMax: number; memoMax: number; maxAttachments: number };
  messages: { lineTarget: string; referenceTaken: string; attachmentsLimit: string };
};

/** A query of the page as TanStack Query gives it (the parts the page reads). */
type Loaded<T> = {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
};

/** One way of saving (Save, or 'Save and send'): its button and what it does with the form's values. */
export type DocumentSaveAction<A extends DocumentAttachment> = {
  label: string;
  /** Saves (and does what else this action does); rejects with the API's error. */
  run: (values: DocumentFormValues<A>, draftId: string | null) => Promise<unknown>;
  /** The toast after it, then the page goes to `doneHref`. */
  successMessage: string;
};

export type DocumentFormPageProps<A extends DocumentAttachment> = {
  kind: DocumentKind;
  initialValues: DocumentFormValues<A>;
  /** Set when editing a saved document: no drafts, and the title says which one. */
  editingRefNo?: string;
  /** A draft being resumed. */
  initialDraftId?: string | null;
  /** Where Cancel and the back link go, and where a save lands. */
  backHref: string;
  backLabel: string;
  doneHref: string;
  contacts: Loaded<{ id: string; name: string }[]>;
  items: Loaded<AccountingItemView[]>;
  accounts: Loaded<ChartAccountView[]>;
  /** The next reference number, filled in while the field is empty. */
  nextRefNo: string | undefined;
  /** The primary save (submit), and any more (e.g. 'Save and send'). */
  save: DocumentSaveAction<A>;
  moreSaves?: DocumentSaveAction<A>[];
  saveDraft?: {
    run: (values: DocumentFormValues<A>, draftId: string | null) => Promise<{ id: string }>;
    pending: boolean;
  };
  upload: { run: (file: File) => Promise<A>; pending: boolean };
  /** More header buttons, before Cancel (the accounting sync button, given by the app). */
  headerActions?: ReactNode;
  /** An inline add of a contact, shown in a dialog from the picker's 'Add new …' button. */
  renderInlineAdd?: (props: {
    initialName: string;
    onAdded: (contact: { id: string; name: string }) => void;
    onCancel: () => void;
  }) => ReactNode;
};

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
 * The create (and edit) page of a bill or an invoice (spec 002 §2 "Create bill/invoice"): the contact,
 * the number (prefilled with the next one), dates and payment terms, line items against items or
 * accounts, discount, tax, memo and attachments, with the totals worked out as the server does. Save as
 * draft, the saves, and the save-before-exit dialog when leaving with unsaved changes.
 */
export function DocumentFormPage<A extends DocumentAttachment>(props: DocumentFormPageProps<A>) {
  const { kind, editingRefNo, contacts, items, accounts, save, moreSaves = [], saveDraft, upload } = props;
  const navigate = useNavigate();
  const noun = kind.noun;
  const Noun = capital(noun);
  const Contact = capital(kind.contactNoun);
  const editing = editingRefNo !== undefined;

  const [values, setValues] = useState<DocumentFormValues<A>>(props.initialValues);
  const [errors, setErrors] = useState<DocumentFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [draftId, setDraftId] = useState<string | null>(props.initialDraftId ?? null);
  const [draftPending, setDraftPending] = useState(false);
  const [exitOpen, setExitOpen] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  const [addingContact, setAddingContact] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [added, setAdded] = useState<{ id: string; name: string }[]>([]);

  const nextRef = props.nextRefNo;
  useEffect(() => {
    if (nextRef) setValues((v) => (v.refNo === '' ? { ...v, refNo: nextRef } : v));
  }, [nextRef]);

  const totals = formTotals(values);

  const update = (patch: Partial<DocumentFormValues<A>>, clear: string[] = []) => {
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

  const updateLine = (index: number, patch: Partial<DocumentLineForm>) => {
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

  const onDate = (date: string) =>
    update({ date, dueDate: recomputeDueDate(date, values.paymentTerm, values.dueDate) }, [
      'date',
      'dueDate',
    ]);

  const onTerm = (term: PaymentTerm) =>
    update({ paymentTerm: term, dueDate: recomputeDueDate(values.date, term, values.dueDate) }, ['dueDate']);

  const onDueDate = (dueDate: string) => {
    // A due date typed by hand that no term gives makes the terms custom.
    let term = values.paymentTerm;
    try {
      if (dueDateForTerm(values.date, term) !== dueDate) term = 'CUSTOM';
    } catch {
      term = 'CUSTOM';
    }
    update({ dueDate, paymentTerm: term }, ['dueDate']);
  };

  const onFile = (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    if (values.attachments.length >= kind.limits.maxAttachments) {
      setUploadError(kind.messages.attachmentsLimit);
      return;
    }
    upload.run(file).then(
      (attachment) => update({ attachments: [...values.attachments, attachment] }),
      (error: unknown) => setUploadError(getErrorMessage(error)),
    );
  };

  const onSaveDraft = (then?: () => void) => {
    if (!saveDraft) return;
    setFormError(null);
    setDraftPending(true);
    saveDraft.run(values, draftId).then(
      (draft) => {
        setDraftPending(false);
        setDraftId(draft.id);
        setDirty(false);
        notifications.show({ color: 'teal', message: DRAFT_SAVED_MESSAGE });
        then?.();
      },
      (error: unknown) => {
        setDraftPending(false);
        setExitOpen(false);
        setFormError(getErrorMessage(error));
      },
    );
  };

  const runSave = (action: DocumentSaveAction<A>) => {
    setFormError(null);
    const found = validateDocumentForm(values, kind.schema, kind.fields, kind.messages.lineTarget);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setRunning(action.label);
    action.run(values, editing ? null : draftId).then(
      () => {
        setRunning(null);
        setDirty(false);
        notifications.show({ color: 'teal', message: action.successMessage });
        void navigate(props.doneHref);
      },
      (error: unknown) => {
        setRunning(null);
        if (isApiError(error)) {
          const fieldErrors: DocumentFormErrors = {};
          for (const e of error.errors) {
            // The duplicate number comes without a field.
            const path = e.field === '' && e.message === kind.messages.referenceTaken ? 'refNo' : e.field;
            const field = formKeyOf(path, kind.fields);
            if (field && !(field in fieldErrors)) fieldErrors[field] = e.message;
          }
          if (error.message === kind.messages.referenceTaken) fieldErrors.refNo = error.message;
          if (Object.keys(fieldErrors).length > 0) {
            setErrors(fieldErrors);
            return;
          }
        }
        setFormError(getErrorMessage(error));
      },
    );
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    runSave(save);
  };

  const leave = () => {
    if (dirty) setExitOpen(true);
    else void navigate(props.backHref);
  };

  const pickersFailed = contacts.isError
    ? contacts
    : items.isError
      ? items
      : accounts.isError
        ? accounts
        : null;
  if (pickersFailed) {
    return <ErrorState error={pickersFailed.error} onRetry={() => void pickersFailed.refetch()} />;
  }

  const known = new Set((contacts.data ?? []).map((c) => c.id));
  const contactOptions = [...(contacts.data ?? []), ...added.filter((c) => !known.has(c.id))].map((c) => ({
    value: c.id,
    label: c.name,
  }));
  const isPercent = values.discountType === 'PERCENT';
  const busy = running !== null;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={editing ? `Edit ${noun}` : `Create ${noun}`}>
      <Stack gap="lg" maw={1120}>
        <Group justify="space-between" align="center">
          <Stack gap={4}>
            <Anchor
              component={Link}
              to={props.backHref}
              size="sm"
              onClick={(event) => {
                if (!dirty) return;
                event.preventDefault();
                setExitOpen(true);
              }}
            >
              <Group gap={4}>
                <IconArrowLeft size={14} aria-hidden />
                {props.backLabel}
              </Group>
            </Anchor>
            <Title order={1} fz={30} lts="-0.02em">
              {editing ? `Edit ${noun} ${editingRefNo}` : `Create ${noun}`}
            </Title>
          </Stack>
          <Group gap="sm">
            {props.headerActions}
            <Button variant="default" onClick={leave}>
              Cancel
            </Button>
            {editing || !saveDraft ? null : (
              <Button variant="light" onClick={() => onSaveDraft()} loading={draftPending && !exitOpen}>
                Save as draft
              </Button>
            )}
            {moreSaves.map((action) => (
              <Button
                key={action.label}
                variant="light"
                onClick={() => runSave(action)}
                loading={running === action.label}
                disabled={busy && running !== action.label}
              >
                {action.label}
              </Button>
            ))}
            <Button type="submit" loading={running === save.label} disabled={busy && running !== save.label}>
              {save.label}
            </Button>
          </Group>
        </Group>

        {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}

        <Paper withBorder radius="md" p="lg">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={Contact}
                placeholder={
                  contacts.isPending ? `Loading ${kind.contactNoun}s…` : `Search ${kind.contactNoun}s`
                }
                data={contactOptions}
                value={values.contactId}
                onChange={(contactId) => update({ contactId }, ['contactId'])}
                searchable
                searchValue={search}
                onSearchChange={setSearch}
                nothingFoundMessage={`No ${kind.contactNoun}s found`}
                required
                error={errors.contactId}
              />
              {props.renderInlineAdd ? (
                <Button
                  variant="subtle"
                  size="xs"
                  mt={4}
                  px={4}
                  leftSection={<IconPlus size={14} aria-hidden />}
                  onClick={() =>
                    setAddingContact(contactOptions.some((o) => o.label === search) ? '' : search)
                  }
                >
                  {`Add new ${kind.contactNoun}`}
                </Button>
              ) : null}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={`${Noun} number`}
                value={values.refNo}
                onChange={(e) => update({ refNo: e.currentTarget.value }, ['refNo'])}
                required
                error={errors.refNo}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                type="date"
                label={`${Noun} date`}
                value={values.date}
                onChange={(e) => onDate(e.currentTarget.value)}
                required
                error={errors.date}
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
                min={values.date || undefined}
                onChange={(e) => onDueDate(e.currentTarget.value)}
                error={errors.dueDate}
              />
            </Grid.Col>
          </Grid>
        </Paper>

        <Paper withBorder radius="md" p="lg">
          <DocumentLinesField
            lines={values.lines}
            lineAmountsCents={totals.lineAmountsCents}
            items={items.data ?? []}
            accounts={accounts.data ?? []}
            errors={errors}
            limits={kind.limits}
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
                  maxLength={kind.limits.memoMax}
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
                      {(buttonProps) => (
                        <Button
                          {...buttonProps}
                          variant="default"
                          size="xs"
                          leftSection={<IconPaperclip size={14} aria-hidden />}
                          loading={upload.pending}
                          disabled={values.attachments.length >= kind.limits.maxAttachments}
                        >
                          Attach a file
                        </Button>
                      )}
                    </FileButton>
                    <Text size="xs" c="dimmed">
                      PDF, PNG or JPEG, up to 5 MB; at most {kind.limits.maxAttachments} files.
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

        {props.renderInlineAdd ? (
          <Dialog
            opened={addingContact !== null}
            onClose={() => setAddingContact(null)}
            title={`Add a new ${kind.contactNoun}`}
          >
            {addingContact !== null
              ? props.renderInlineAdd({
                  initialName: addingContact,
                  onAdded: (contact) => {
                    setAdded((current) => [...current, { id: contact.id, name: contact.name }]);
                    update({ contactId: contact.id }, ['contactId']);
                    setSearch(contact.name);
                    setAddingContact(null);
                  },
                  onCancel: () => setAddingContact(null),
                })
              : null}
          </Dialog>
        ) : null}

        <Dialog opened={exitOpen} onClose={() => setExitOpen(false)} title="Save your changes?">
          <Stack gap="lg">
            <Text size="sm">
              {editing || !saveDraft
                ? `This ${noun} has changes that are not saved. Leave without saving them?`
                : `This ${noun} has changes that are not saved. Save them as a draft before leaving?`}
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
                  void navigate(props.backHref);
                }}
              >
                Discard
              </Button>
              {editing || !saveDraft ? null : (
                <Button
                  loading={draftPending}
                  onClick={() => onSaveDraft(() => void navigate(props.backHref))}
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
