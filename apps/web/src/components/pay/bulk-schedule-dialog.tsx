import {
  type BulkScheduleResult,
  type DeliverySpeed,
  formatAmountInput,
  formatDate,
  formatMoney,
  formatPayAmountOnBlur,
  getPaymentStatusDisplay,
  PAYMENT_FORM_MESSAGES,
  PAYMENT_LIMITS,
  PAYMENT_MESSAGES,
  parseTypedAmount,
  payAmountSchema,
  sanitizePayAmountInput,
  toCents,
} from '@ferry/domain';
import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { StatusBadge } from '@/components/status-badge';
import { getErrorMessage } from '@/lib/api-error';
import { DeliverySpeedField, isSpeedAllowed } from './delivery-speed-field';
import {
  useBankHolidays,
  useBulkSchedule,
  usePayerBankAccounts,
  usePayerCards,
  useTransferSpeed,
} from './pay-api';
import { buildPayFromOptions, payFromMessage } from './pay-from';
import { PayFromSelect } from './pay-from-select';
import { defaultProcessDate, holidayRange, localToday, processDateMessage } from './process-date';
import { ProcessDateField } from './process-date-field';
import { useSubmissionKey } from './use-submission-key';

/** A bill of the bulk schedule (a row of the Bills tab). */
export type BulkBill = {
  id: string;
  refNo: string;
  vendorName: string;
  contact: { id: string };
  dueDate: string;
  unScheduledBalance: number;
};

export const BULK_TEXT = {
  title: 'Schedule payments',
  submit: (count: number) => `Schedule ${count} ${count === 1 ? 'payment' : 'payments'}`,
  resultsIntro: (ok: number, total: number) =>
    `${ok} of ${total} ${total === 1 ? 'payment' : 'payments'} scheduled.`,
  scheduled: 'Scheduled',
  notScheduled: 'Not scheduled',
} as const;

const amountMessage = (text: string, maxCents: number): string | null => {
  const parsed = payAmountSchema(maxCents).safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? PAYMENT_FORM_MESSAGES.amountInvalid);
};

export type BulkScheduleDialogProps = {
  opened: boolean;
  onClose: () => void;
  businessId: string;
  bills: BulkBill[];
  /** Called once the server answered (some bills may have failed; their results are shown). */
  onScheduled?: (result: BulkScheduleResult) => void;
};

/**
 * Bulk schedule (issue 7 "Paying"): the selected bills with their unscheduled balance as the amount (editable),
 * one Pay From, delivery speed and process date for all; `POST payments/bulk-schedule` with an
 * Idempotency-Key, then each bill's result (scheduled, or why not — each bill is all-or-nothing).
 */
export const BulkScheduleDialog = ({
  opened,
  onClose,
  businessId,
  bills,
  onScheduled,
}: BulkScheduleDialogProps) => (
  <Dialog opened={opened} onClose={onClose} title={BULK_TEXT.title} size="xl">
    {opened ? (
      <BulkScheduleForm businessId={businessId} bills={bills} onDone={onClose} onScheduled={onScheduled} />
    ) : null}
  </Dialog>
);

const BulkScheduleForm = ({
  businessId,
  bills,
  onDone,
  onScheduled,
}: {
  businessId: string;
  bills: BulkBill[];
  onDone: () => void;
  onScheduled?: ((result: BulkScheduleResult) => void) | undefined;
}) => {
  const today = useMemo(localToday, []);
  const range = holidayRange(today);
  const holidaysQuery = useBankHolidays(range.from, range.to);
  const banksQuery = usePayerBankAccounts(businessId);
  const cardsQuery = usePayerCards(businessId);
  const bulk = useBulkSchedule(businessId);
  const submissionKey = useSubmissionKey();
  const rules = { today, holidays: holidaysQuery.data ?? [] };

  const maxCents = useMemo(
    () => Object.fromEntries(bills.map((b) => [b.id, toCents(b.unScheduledBalance.toFixed(2))])),
    [bills],
  );
  const [amounts, setAmounts] = useState<Record<string, string>>(() =>
    Object.fromEntries(bills.map((b) => [b.id, formatAmountInput(maxCents[b.id] ?? 0)])),
  );
  const [instrumentId, setInstrumentId] = useState<string | null>(null);
  const [speed, setSpeed] = useState<DeliverySpeed>('STANDARD');
  const [pickedDate, setPickedDate] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<BulkScheduleResult | null>(null);

  const options = useMemo(
    () => buildPayFromOptions(banksQuery.data ?? [], cardsQuery.data ?? []),
    [banksQuery.data, cardsQuery.data],
  );
  const selected = options.find((o) => o.id === instrumentId);
  const processDate = pickedDate ?? defaultProcessDate(rules);
  const methodMessage = payFromMessage(selected);
  const dateMessage = processDateMessage(processDate, rules);
  const amountErrors = Object.fromEntries(
    bills.map((b) => [b.id, amountMessage(amounts[b.id] ?? '', maxCents[b.id] ?? 0)]),
  );
  const hasAmountError = Object.values(amountErrors).some((m) => m !== null);
  const tooMany = bills.length > PAYMENT_LIMITS.bulkMax;

  // Speeds for the largest payment (limits grow with the amount); one vendor → its bank decides too.
  const largest = Math.max(
    0,
    ...bills.map((b) => (amountErrors[b.id] ? 0 : (parseTypedAmount(amounts[b.id] ?? '') ?? 0))),
  );
  const [debouncedLargest] = useDebouncedValue(largest, 300);
  const vendors = new Set(bills.map((b) => b.contact.id));
  const speedQuery = useTransferSpeed(
    businessId,
    selected?.usable && debouncedLargest >= 100
      ? {
          paymentInstrumentId: selected.id,
          amount: debouncedLargest / 100,
          ...(vendors.size === 1 ? { payeeId: [...vendors][0] } : {}),
        }
      : null,
  );
  const speeds = selected?.usable ? speedQuery.data : undefined;
  useEffect(() => {
    if (speeds && !isSpeedAllowed(speed, speeds)) setSpeed('STANDARD');
  }, [speeds, speed]);

  const disabled =
    bulk.isPending ||
    bills.length === 0 ||
    tooMany ||
    methodMessage !== null ||
    dateMessage !== null ||
    hasAmountError;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (disabled || !selected) return;
    setFormError(null);
    const body = {
      payments: bills.map((b) => ({
        billId: b.id,
        paymentInstrumentId: selected.id,
        amount: ((parseTypedAmount(amounts[b.id] ?? '') ?? 0) / 100).toFixed(2),
        deliverySpeed: speed,
        processDate,
      })),
    };
    bulk.mutate(
      { body, idempotencyKey: submissionKey.keyFor(body) },
      {
        onSuccess: (answer) => {
          submissionKey.reset();
          setResult(answer);
          onScheduled?.(answer);
        },
        onError: (error) => setFormError(getErrorMessage(error)),
      },
    );
  };

  if (result) return <BulkResults bills={bills} result={result} onDone={onDone} />;

  return (
    <form onSubmit={submit} noValidate aria-label="Schedule payments">
      <Stack gap="md">
        {bills.length === 0 ? <Text size="sm">{PAYMENT_MESSAGES.bulkEmpty}</Text> : null}
        {tooMany ? <ErrorAlert>{PAYMENT_MESSAGES.bulkTooMany}</ErrorAlert> : null}
        <Table.ScrollContainer minWidth={520} type="native">
          <Table verticalSpacing="xs" aria-label="Bills to pay">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Vendor</Table.Th>
                <Table.Th>Bill #</Table.Th>
                <Table.Th>Due date</Table.Th>
                <Table.Th>Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bills.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>{b.vendorName}</Table.Td>
                  <Table.Td>{b.refNo}</Table.Td>
                  <Table.Td>{formatDate(b.dueDate)}</Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Amount for ${b.refNo}`}
                      inputMode="decimal"
                      leftSection={<Text size="sm">$</Text>}
                      value={amounts[b.id] ?? ''}
                      onChange={(event) => {
                        const value = sanitizePayAmountInput(event.currentTarget.value);
                        setAmounts((current) => ({ ...current, [b.id]: value }));
                      }}
                      onBlur={() =>
                        setAmounts((current) => ({
                          ...current,
                          [b.id]: formatPayAmountOnBlur(current[b.id] ?? '', {
                            maxCents: maxCents[b.id] ?? 0,
                          }),
                        }))
                      }
                      error={amountErrors[b.id] ?? undefined}
                      description={`Up to ${formatMoney(maxCents[b.id] ?? 0)}`}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group grow align="flex-start">
          <PayFromSelect
            options={options}
            value={instrumentId}
            loading={banksQuery.isPending || cardsQuery.isPending}
            error={instrumentId && methodMessage ? methodMessage : null}
            onChange={(id) => {
              setInstrumentId(id);
              setSpeed('STANDARD');
            }}
          />
          <ProcessDateField value={processDate} rules={rules} error={dateMessage} onChange={setPickedDate} />
        </Group>
        <DeliverySpeedField
          value={speed}
          speeds={speeds}
          loading={speedQuery.isFetching && selected?.usable === true}
          onChange={setSpeed}
        />
        <ErrorAlert>{formError}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          {methodMessage && !banksQuery.isPending ? (
            <Text size="sm" c="red.8" role="status">
              {methodMessage}
            </Text>
          ) : null}
          <Button variant="default" onClick={onDone} disabled={bulk.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={disabled} loading={bulk.isPending}>
            {BULK_TEXT.submit(bills.length)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

const BulkResults = ({
  bills,
  result,
  onDone,
}: {
  bills: BulkBill[];
  result: BulkScheduleResult;
  onDone: () => void;
}) => {
  const byBill = new Map(result.results.map((r) => [r.billId, r]));
  const okCount = result.results.filter((r) => r.ok).length;
  return (
    <Stack gap="md">
      <Text fw={600} role="status">
        {BULK_TEXT.resultsIntro(okCount, result.results.length)}
      </Text>
      <Table verticalSpacing="xs" aria-label="Results">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Vendor</Table.Th>
            <Table.Th>Bill #</Table.Th>
            <Table.Th>Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bills.map((b) => {
            const r = byBill.get(b.id);
            let cell: React.ReactNode = <Text size="sm">{BULK_TEXT.notScheduled}</Text>;
            if (r?.ok) {
              const display = getPaymentStatusDisplay(r.payment.status, { side: 'pay' });
              cell = (
                <Group gap="xs">
                  <StatusBadge label={display.label} colour={display.colour} />
                  <Text size="sm">
                    {formatMoney(toCents(r.payment.amount.toFixed(2)))} on {formatDate(r.payment.processDate)}
                  </Text>
                </Group>
              );
            } else if (r && !r.ok) {
              cell = (
                <Text size="sm" c="red.8">
                  {BULK_TEXT.notScheduled}: {r.error.message}
                </Text>
              );
            }
            return (
              <Table.Tr key={b.id}>
                <Table.Td>{b.vendorName}</Table.Td>
                <Table.Td>{b.refNo}</Table.Td>
                <Table.Td>{cell}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
};
