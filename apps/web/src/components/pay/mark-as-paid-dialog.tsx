import {
  formatMoney,
  type MarkAsPaidRequest,
  markAsPaidAmountSchema,
  PAYMENT_FORM_MESSAGES,
  PAYMENT_MESSAGES,
  parseTypedAmount,
  roundMarkAsPaidAmount,
  sanitizeMarkAsPaidAmountInput,
  toCents,
} from '@ferry/domain';
import { Button, Group, Radio, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconCalendar } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useMarkBillAsPaid, usePayerBankAccounts } from './pay-api';
import { bankOptionLabel, isUsableBank } from './pay-from';
import { localToday } from './process-date';
import { useSubmissionKey } from './use-submission-key';

export const MARKED_AS_PAID_MESSAGE = 'Marked as paid successfully.';

/** The bill being marked: its due amount is what is left unscheduled. */
export type MarkAsPaidBill = { id: string; refNo: string; vendorName: string; unScheduledBalance: number };

/** A bill or an invoice being marked as paid: who it is with and what is due on it (decimal dollars). */
export type MarkAsPaidDocument = { id: string; refNo: string; contactName: string; dueAmount: number };

export type MarkAsPaidKind = 'bill' | 'invoice';

/** Saves the request with its Idempotency-Key (rejects with the API's error). */
export type MarkAsPaidSubmit = {
  run: (body: MarkAsPaidRequest, idempotencyKey: string) => Promise<unknown>;
  pending: boolean;
};

/** Spec 002 §5: the account a bill was paid from; for invoices, the business's receiving bank. */
const KIND_TEXT: Record<MarkAsPaidKind, { title: string; account: string; placeholder: string }> = {
  bill: {
    title: 'Mark Bill as Paid',
    account: 'Payment account',
    placeholder: 'Select the account it was paid from',
  },
  invoice: {
    title: 'Mark Invoice as Paid',
    account: 'Receiving bank',
    placeholder: 'Select the bank it was received in',
  },
};

/** The tooltip of 'Mark as paid' while an invoice has no receiving bank chosen (spec 002 §5). */
export const RECEIVING_BANK_TOOLTIP = 'Select a receiving bank to mark as paid.';

type Errors = Partial<Record<'date' | 'amount' | 'account', string>>;

/** The other amount's §5 message, or null ('Amount must be greater than $1.', 'Amount cannot be greater…'). */
export const otherAmountMessage = (text: string, dueCents: number): string | null => {
  const parsed = markAsPaidAmountSchema(dueCents).safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? PAYMENT_FORM_MESSAGES.amountInvalid);
};

/** The payment date's message, or null: required, not in the future. */
export const paymentDateMessage = (date: string, today: string): string | null => {
  if (!date) return PAYMENT_MESSAGES.processDateRequired;
  return date > today ? PAYMENT_MESSAGES.markPaidDateFuture : null;
};

export type MarkAsPaidDialogProps = {
  opened: boolean;
  onClose: () => void;
  businessId: string;
  bill: MarkAsPaidBill | null;
};

/**
 * 'Mark Bill as Paid' (spec 002 §2, §4, §5): payment date (not in the future), the due amount or another
 * amount (up to 6 decimals typed, commas stripped, rounded to 2 on blur, at least $1 and at most the due),
 * and the account it was paid from. `PATCH mark-bill-as-paid` with an Idempotency-Key; no money moves.
 */
export const MarkAsPaidDialog = ({ opened, onClose, businessId, bill }: MarkAsPaidDialogProps) => {
  const markAsPaid = useMarkBillAsPaid(businessId);
  return (
    <MarkDocumentAsPaidDialog
      opened={opened}
      onClose={onClose}
      businessId={businessId}
      kind="bill"
      document={
        bill
          ? {
              id: bill.id,
              refNo: bill.refNo,
              contactName: bill.vendorName,
              dueAmount: bill.unScheduledBalance,
            }
          : null
      }
      submit={{
        run: (body, idempotencyKey) => markAsPaid.mutateAsync({ body, idempotencyKey }),
        pending: markAsPaid.isPending,
      }}
    />
  );
};

export type MarkDocumentAsPaidDialogProps = {
  opened: boolean;
  onClose: () => void;
  businessId: string;
  kind: MarkAsPaidKind;
  document: MarkAsPaidDocument | null;
  submit: MarkAsPaidSubmit;
};

/**
 * 'Mark Bill/Invoice as Paid' (spec 002 §2, §4, §5): payment date (not in the future), the due amount or
 * another amount, and the account — for a bill the one it was paid from, for an invoice the business's
 * verified bank it was received in ('Mark as paid' stays disabled with the tooltip 'Select a receiving
 * bank to mark as paid.' until one is chosen). No money moves.
 */
export const MarkDocumentAsPaidDialog = ({
  opened,
  onClose,
  businessId,
  kind,
  document,
  submit,
}: MarkDocumentAsPaidDialogProps) => (
  <Dialog opened={opened} onClose={onClose} title={KIND_TEXT[kind].title}>
    {document ? (
      <MarkAsPaidForm
        key={document.id}
        businessId={businessId}
        kind={kind}
        document={document}
        submit={submit}
        onDone={onClose}
      />
    ) : null}
  </Dialog>
);

const MarkAsPaidForm = ({
  businessId,
  kind,
  document,
  submit: markAsPaid,
  onDone,
}: {
  businessId: string;
  kind: MarkAsPaidKind;
  document: MarkAsPaidDocument;
  submit: MarkAsPaidSubmit;
  onDone: () => void;
}) => {
  const today = useMemo(localToday, []);
  const dueCents = toCents(document.dueAmount.toFixed(2));
  const banksQuery = usePayerBankAccounts(businessId);
  const text = KIND_TEXT[kind];
  const submissionKey = useSubmissionKey();
  const [date, setDate] = useState(today);
  const [choice, setChoice] = useState<'due' | 'other'>('due');
  const [other, setOther] = useState('');
  const [accountId, setAccountId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const clear = (field: keyof Errors) => {
    setFormError(null);
    setErrors(({ [field]: _removed, ...rest }) => rest);
  };

  const validate = (): Errors => {
    const found: Errors = {};
    const dateMessage = paymentDateMessage(date, today);
    if (dateMessage) found.date = dateMessage;
    if (choice === 'other') {
      const message = otherAmountMessage(roundMarkAsPaidAmount(other), dueCents);
      if (message) found.amount = message;
    }
    if (!accountId)
      found.account = kind === 'invoice' ? RECEIVING_BANK_TOOLTIP : PAYMENT_MESSAGES.markPaidAccountRequired;
    return found;
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || !accountId) return;
    const cents = choice === 'due' ? dueCents : (parseTypedAmount(other) ?? 0);
    const body = {
      id: document.id,
      amount: (cents / 100).toFixed(2),
      date,
      paymentInstrumentId: accountId,
      type: kind,
    };
    markAsPaid.run(body, submissionKey.keyFor(body)).then(
      () => {
        submissionKey.reset();
        notifications.show({ color: 'teal', message: MARKED_AS_PAID_MESSAGE });
        onDone();
      },
      (error: unknown) => {
        if (isApiError(error)) {
          const found: Errors = {};
          for (const e of error.errors) {
            const field = e.field?.split('.').at(-1);
            if (field === 'amount') found.amount = e.message;
            else if (field === 'date') found.date = e.message;
            else if (field === 'paymentInstrumentId') found.account = e.message;
          }
          if (Object.keys(found).length > 0) {
            setErrors(found);
            return;
          }
        }
        setFormError(getErrorMessage(error));
      },
    );
  };

  // An invoice is received only in a verified bank of the business (spec 002 §5).
  const banks = (banksQuery.data ?? []).filter((bank) => kind === 'bill' || isUsableBank(bank));
  const needsBank = kind === 'invoice' && !accountId;

  return (
    <form onSubmit={submit} noValidate aria-label={`Mark ${kind} as paid`}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {document.contactName} · Ref# {document.refNo}
        </Text>
        <DatePickerInput
          label="Payment date"
          withAsterisk
          valueFormat="MMM D, YYYY"
          value={date || null}
          maxDate={today}
          onChange={(next) => {
            setDate(next ? String(next).slice(0, 10) : '');
            clear('date');
          }}
          leftSection={<IconCalendar size={16} aria-hidden />}
          error={errors.date}
          popoverProps={{ withinPortal: true }}
        />
        <Radio.Group
          label="Amount"
          withAsterisk
          value={choice}
          onChange={(next) => {
            setChoice(next === 'other' ? 'other' : 'due');
            clear('amount');
          }}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="due" label={`Due amount (${formatMoney(dueCents)})`} />
            <Radio value="other" label="Other amount" />
          </Stack>
        </Radio.Group>
        {choice === 'other' ? (
          <TextInput
            label="Other amount"
            withAsterisk
            inputMode="decimal"
            leftSection={<Text size="sm">$</Text>}
            value={other}
            onChange={(event) => {
              setOther(sanitizeMarkAsPaidAmountInput(event.currentTarget.value));
              clear('amount');
            }}
            onBlur={() => {
              const rounded = roundMarkAsPaidAmount(other);
              setOther(rounded);
              const message = otherAmountMessage(rounded, dueCents);
              setErrors((current) => {
                const { amount: _old, ...rest } = current;
                return message ? { ...rest, amount: message } : rest;
              });
            }}
            error={errors.amount}
          />
        ) : null}
        <Select
          label={text.account}
          withAsterisk
          placeholder={banksQuery.isPending ? 'Loading your accounts…' : text.placeholder}
          data={banks.map((bank) => ({ value: bank.paymentInstrumentId, label: bankOptionLabel(bank) }))}
          value={accountId}
          onChange={(next) => {
            setAccountId(next);
            clear('account');
          }}
          allowDeselect={false}
          disabled={banksQuery.isPending}
          nothingFoundMessage="No bank account yet"
          error={errors.account ?? (banksQuery.isError ? getErrorMessage(banksQuery.error) : undefined)}
          comboboxProps={{ withinPortal: true }}
        />
        <ErrorAlert>{formError}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={markAsPaid.pending}>
            Cancel
          </Button>
          <Tooltip label={RECEIVING_BANK_TOOLTIP} disabled={!needsBank} withinPortal>
            <Button
              type="submit"
              loading={markAsPaid.pending}
              data-disabled={needsBank || undefined}
              aria-disabled={needsBank || undefined}
              onClick={(event) => {
                if (needsBank) event.preventDefault();
              }}
            >
              Mark as paid
            </Button>
          </Tooltip>
        </Group>
      </Stack>
    </form>
  );
};
