import {
  APPROVAL_MESSAGES,
  type CreatePaymentRequest,
  cardFeeExplanation,
  defineAbilityFor,
  formatDate,
  formatMoney,
  formatPayAmountOnBlur,
  PAYMENT_LIMITS,
  type PaymentView,
  paths,
  toCents,
} from '@ferry/domain';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Grid,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconFileTypePdf, IconInfoCircle, IconPencil } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { ErrorState } from '@/components/error-state';
import { LabeledValue } from '@/components/labeled-value';
import { PageLoader } from '@/components/page-loader';
import { DeliverySpeedField, isSpeedAllowed } from '@/components/pay/delivery-speed-field';
import {
  receivingBankText,
  useBankHolidays,
  useCardFee,
  usePayerBankAccounts,
  usePayerCards,
  useTransferSpeed,
  useVendorContact,
} from '@/components/pay/pay-api';
import { buildPayFromOptions } from '@/components/pay/pay-from';
import { PayFromSelect } from '@/components/pay/pay-from-select';
import { defaultProcessDate, holidayRange, localToday } from '@/components/pay/process-date';
import { ProcessDateField } from '@/components/pay/process-date-field';
import { useSubmissionKey } from '@/components/pay/use-submission-key';
import { useVendorBanks } from '@/components/vendor-bank/vendor-bank-api';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useBusinessAccess } from '@/lib/business-access';
import { useApprovalRoute, useBill, useCreatePayment, usePayContext } from '../api/pay-bill-api';
import {
  actionBlocker,
  actionLabel,
  amountCents,
  fieldOfErrorCode,
  fieldOfServerField,
  initialAmount,
  isActionDisabled,
  type PaymentFormContext,
  type PaymentFormErrors,
  type PaymentFormValues,
  toCreatePaymentBody,
  typedPayAmount,
  validatePaymentForm,
} from '../utils/payment-form';
import { type PaymentReview, PaymentReviewDialog, SUBMIT_FOR_APPROVAL } from './payment-review-dialog';

export const MAKE_PAYMENT_TEXT = {
  title: 'Pay bill',
  noSources: 'Add a bank account or a card to pay this bill.',
  vendorAcceptNotice: (vendor: string) =>
    `${vendor} has no bank details on file yet. We’ll email them to accept this payment and add where to receive it; the payment is sent once they do. Only Standard delivery is available.`,
  billClosed: 'This bill has nothing left to pay.',
  speedsFailed: 'Delivery speeds could not be loaded. Standard delivery is available.',
  scheduled: 'Payment scheduled.',
  paid: 'Payment submitted.',
  awaitingVendor: (vendor: string) => `Payment created. We emailed ${vendor} to accept it.`,
  inQueue: 'Payment created. It will be sent once your business is verified.',
} as const;

const cents = (amount: number) => toCents(amount.toFixed(2));

const successMessage = (payment: PaymentView, today: string): string => {
  if (payment.status === 'IN_APPROVAL') return APPROVAL_MESSAGES.submittedForApproval;
  if (payment.awaitingPayeeDetails) return MAKE_PAYMENT_TEXT.awaitingVendor(payment.vendor.name);
  if (payment.status === 'IN_QUEUE') return MAKE_PAYMENT_TEXT.inQueue;
  return payment.processDate <= today ? MAKE_PAYMENT_TEXT.paid : MAKE_PAYMENT_TEXT.scheduled;
};

/**
 * `/b/{id}/bills/payment-request/{billId}/make-payment` (spec 002 §2 "bill payment detail", payment form
 * section; §3, §4 speeds, §5 rules): the bill's header and the payment form — Pay From, Delivery Speed,
 * Process Date, Pay Amount, Internal Remarks, the card fee when paying by card — and Pay / Schedule
 * payment, which opens the review step; Confirm there sends it once with the review's Idempotency-Key.
 */
export function MakePaymentPage({ aside }: MakePaymentPageProps = {}) {
  const { businessId = '', paymentId: billId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const paymentRequestId = searchParams.get('paymentRequestId');
  const navigate = useNavigate();
  const businessQuery = useBusinessAccess(businessId);
  const billQuery = useBill(businessId, billId);

  if (billQuery.isPending || businessQuery.isPending) return <PageLoader />;
  if (billQuery.isError) {
    return <ErrorState error={billQuery.error} onRetry={() => void billQuery.refetch()} />;
  }
  if (businessQuery.isError) {
    return <ErrorState error={businessQuery.error} onRetry={() => void businessQuery.refetch()} />;
  }
  const ability = defineAbilityFor(businessQuery.data.permissions);
  const canPay = ability.can('manage', 'PayApproveAndPayBills');
  const bill = billQuery.data;
  // An unpaid bill (nothing scheduled or paid, not cancelled) may be edited by who manages bills.
  const canEdit =
    ability.can('manage', 'PayDueBill') &&
    bill.status !== 'cancelled' &&
    bill.scheduledAmount === 0 &&
    bill.balance === bill.amount;
  return (
    <PaymentForm
      key={billQuery.data.id}
      businessId={businessId}
      bill={billQuery.data}
      paymentRequestId={paymentRequestId}
      canPay={canPay}
      canEdit={canEdit}
      onPaid={(payment) => void navigate(paths.billPaymentDetail(businessId, payment.id))}
      aside={aside}
    />
  );
}

type Bill = NonNullable<ReturnType<typeof useBill>['data']>;

export type MakePaymentPageProps = {
  /** Shown below the form (the route adds the payment request's activity when paying one). */
  aside?: ReactNode;
};

type PaymentFormProps = {
  aside?: ReactNode;
  businessId: string;
  bill: Bill;
  paymentRequestId: string | null;
  canPay: boolean;
  canEdit: boolean;
  onPaid: (payment: PaymentView) => void;
};

const PaymentForm = ({
  businessId,
  bill,
  paymentRequestId,
  canPay,
  canEdit,
  onPaid,
  aside,
}: PaymentFormProps) => {
  const browserToday = useMemo(localToday, []);
  const payContextQuery = usePayContext(businessId, bill.id);
  // The server's business day (the sandbox's clock when it is moved), the browser's until it answers.
  const today = payContextQuery.data?.today ?? browserToday;
  const receivingBank = payContextQuery.data?.receivingBank;
  const range = holidayRange(today);
  const holidaysQuery = useBankHolidays(range.from, range.to);
  const banksQuery = usePayerBankAccounts(businessId);
  const cardsQuery = usePayerCards(businessId);
  const vendorQuery = useVendorContact(businessId, bill.contact.id);
  const vendorBanksQuery = useVendorBanks({ businessId, vendorId: bill.contact.id });
  const createPayment = useCreatePayment(businessId);
  const remarksId = useId();

  const holidays = holidaysQuery.data ?? [];
  const rules = { today, holidays };
  const unscheduledCents = cents(bill.unScheduledBalance);

  const [values, setValues] = useState<
    Omit<PaymentFormValues, 'processDate'> & { processDate: string | null }
  >(() => ({
    paymentInstrumentId: null,
    deliverySpeed: 'STANDARD',
    processDate: null,
    amount: initialAmount(unscheduledCents),
    remarks: '',
  }));
  const [serverErrors, setServerErrors] = useState<PaymentFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // The review step: the body and Idempotency-Key it confirms (one key per review; a retry keeps it).
  const [review, setReview] = useState<{ body: CreatePaymentRequest; idempotencyKey: string } | null>(null);
  const [reviewError, setReviewError] = useState<string | null>(null);
  // One key per submission attempt; a retry of the same submission (same body) keeps it.
  const submissionKey = useSubmissionKey();

  const options = useMemo(
    () => buildPayFromOptions(banksQuery.data ?? [], cardsQuery.data ?? []),
    [banksQuery.data, cardsQuery.data],
  );
  const selected = options.find((o) => o.id === values.paymentInstrumentId);
  const form: PaymentFormValues = { ...values, processDate: values.processDate ?? defaultProcessDate(rules) };
  const context: PaymentFormContext = { unscheduledBalanceCents: unscheduledCents, rules, selected, canPay };
  const errors = { ...validatePaymentForm(form, context), ...serverErrors };
  const blocker = actionBlocker(form, context);

  const typedCents = amountCents(form.amount);
  const validCents = errors.amount === undefined && typedCents !== undefined ? typedCents : undefined;
  const [debouncedCents] = useDebouncedValue(validCents, 300);

  // The approval policy that covers this amount and vendor: the payment is then submitted for approval.
  const approvalRoute = useApprovalRoute(businessId, {
    vendorId: bill.contact.id,
    typedCents: validCents,
    settledCents: debouncedCents,
    enabled: canPay,
  });
  const approvalPolicy = approvalRoute.policy;
  const primaryAction = approvalPolicy ? SUBMIT_FOR_APPROVAL : actionLabel(form.processDate, today);

  const speedQuery = useTransferSpeed(
    businessId,
    selected?.usable && debouncedCents !== undefined
      ? {
          paymentInstrumentId: selected.id,
          amount: debouncedCents / 100,
          payeeId: bill.contact.id,
          billId: bill.id,
          ...(paymentRequestId ? { paymentRequestId } : {}),
          ...(form.processDate > today ? { processDate: form.processDate } : {}),
        }
      : null,
  );
  const speeds = selected?.usable ? speedQuery.data : undefined;

  // A speed the server no longer allows (another amount) goes back to Standard.
  useEffect(() => {
    if (speeds && !isSpeedAllowed(values.deliverySpeed, speeds)) {
      setValues((v) => ({ ...v, deliverySpeed: 'STANDARD' }));
    }
  }, [speeds, values.deliverySpeed]);

  const payeeBusinessId = vendorQuery.data?.fbnBusiness?.businessId;
  const isCard = selected?.kind === 'CARD';
  const feeQuery = useCardFee(
    businessId,
    isCard && selected && payeeBusinessId && debouncedCents !== undefined
      ? { baseAmount: debouncedCents / 100, payeeId: payeeBusinessId, cardId: selected.id }
      : null,
  );
  const feeCents = isCard && payeeBusinessId ? (feeQuery.data?.feeCents ?? 0) : 0;
  // Who pays the card fee and why it is what it is ($0.00 for a vendor off the network: no surcharge).
  const feeNote = !isCard
    ? null
    : payeeBusinessId
      ? feeQuery.data
        ? cardFeeExplanation(feeQuery.data)
        : null
      : vendorQuery.data
        ? cardFeeExplanation(null)
        : null;

  const vendorHasNoBank =
    vendorQuery.data?.fbnBusiness === null &&
    vendorBanksQuery.data !== undefined &&
    !vendorBanksQuery.data.managedByVendor &&
    !vendorBanksQuery.data.items.some((bank) => bank.verificationStatus !== 'REJECTED');

  const sourcesLoading = banksQuery.isPending || cardsQuery.isPending;
  const loading = createPayment.isPending || sourcesLoading;
  const disabled = isActionDisabled(form, context, { loading }) || Object.keys(serverErrors).length > 0;

  const update = (patch: Partial<typeof values>, field?: keyof PaymentFormErrors) => {
    setValues((v) => ({ ...v, ...patch }));
    setFormError(null);
    if (field) {
      setServerErrors((current) => {
        const { [field]: _removed, ...rest } = current;
        return rest;
      });
    }
  };

  /** The form's action opens the review; nothing is sent yet. */
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    const body = toCreatePaymentBody(form, { billId: bill.id, paymentRequestId });
    setReviewError(null);
    setReview({ body, idempotencyKey: submissionKey.keyFor(body) });
  };

  const speedPlan = speeds?.speeds[form.deliverySpeed];
  const reviewed: PaymentReview | null = review
    ? {
        payee: bill.vendorName,
        receivingBank: receivingBank ?? null,
        payFrom: selected?.label ?? '',
        amountCents: typedCents ?? 0,
        feeCents,
        feeNote,
        deliverySpeed: form.deliverySpeed,
        debitDate: speedPlan?.processOn ?? form.processDate,
        expectedDelivery: vendorHasNoBank ? null : (speedPlan?.expectedDelivery ?? null),
        approval: approvalPolicy,
        checkingApproval: approvalRoute.checking,
      }
    : null;

  /** Confirm: sends the reviewed payment once (the same key if it is sent again after a failure). */
  const confirm = () => {
    if (!review || createPayment.isPending) return;
    createPayment.mutate(review, {
      onSuccess: (payment) => {
        submissionKey.reset();
        setReview(null);
        notifications.show({ color: 'teal', message: successMessage(payment, today) });
        onPaid(payment);
      },
      onError: (error) => {
        if (isApiError(error)) {
          const found: PaymentFormErrors = {};
          const codeField = fieldOfErrorCode(error.errorCode);
          if (codeField) found[codeField] = error.message;
          for (const e of error.errors) {
            const field = fieldOfServerField(e.field);
            if (field && !(field in found)) found[field] = e.message;
          }
          if (codeField === 'deliverySpeed') void speedQuery.refetch();
          if (Object.keys(found).length > 0) {
            // A field to change: back to the form, with the message next to it.
            setReview(null);
            setServerErrors(found);
            return;
          }
        }
        const message = getErrorMessage(error);
        setReviewError(message);
        setFormError(message);
        notifications.show({ color: 'red', title: 'Payment not sent', message });
      },
    });
  };

  const closed = unscheduledCents <= 0;
  const noSources = !sourcesLoading && options.length === 0;
  const sourcesError = banksQuery.isError ? banksQuery : cardsQuery.isError ? cardsQuery : null;

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Anchor component={Link} to={paths.billsDue(businessId)} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Bills
          </Group>
        </Anchor>
        <Title order={1} fz={28}>
          {MAKE_PAYMENT_TEXT.title}
        </Title>
      </Stack>

      <Paper withBorder radius="lg" p="lg" component="section" aria-label="Bill">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Text fw={700} size="lg">
                {bill.vendorName}
              </Text>
              <Text size="sm" c="dimmed">
                Ref# {bill.refNo}
              </Text>
            </Stack>
            <Group gap="md">
              {canEdit ? (
                <Button
                  component={Link}
                  to={paths.billEdit(businessId, bill.id)}
                  variant="default"
                  size="xs"
                  leftSection={<IconPencil size={14} aria-hidden />}
                >
                  Edit bill
                </Button>
              ) : null}
              <Anchor
                component={Link}
                to={paths.billPaymentPreview(businessId, bill.id, paymentRequestId ?? undefined)}
                size="sm"
              >
                <Group gap={4} component="span">
                  <IconFileTypePdf size={16} aria-hidden />
                  Preview bill
                </Group>
              </Anchor>
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
            <LabeledValue label="Bill Date" value={formatDate(bill.billDate)} />
            <LabeledValue label="Due Date" value={formatDate(bill.dueDate)} />
            <LabeledValue label="Amount" value={formatMoney(cents(bill.amount))} />
            <LabeledValue label="Balance" value={formatMoney(cents(bill.balance))} />
            <LabeledValue label="Scheduled" value={formatMoney(cents(bill.scheduledAmount))} />
            <LabeledValue label="Unscheduled balance" value={formatMoney(unscheduledCents)} />
          </SimpleGrid>
        </Stack>
      </Paper>

      {closed ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {MAKE_PAYMENT_TEXT.billClosed}
        </Alert>
      ) : (
        <Paper withBorder radius="lg" p="lg" component="section" aria-label="Payment">
          <form onSubmit={submit} noValidate aria-label="Payment form">
            <Stack gap="lg">
              {sourcesError ? (
                <ErrorState error={sourcesError.error} onRetry={() => void sourcesError.refetch()} />
              ) : null}
              {noSources && !sourcesError ? (
                <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
                  {MAKE_PAYMENT_TEXT.noSources}{' '}
                  <Anchor component={Link} to={paths.settingsBankAccount(businessId)} size="sm">
                    Go to bank accounts
                  </Anchor>
                </Alert>
              ) : null}
              {vendorHasNoBank ? (
                <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
                  {MAKE_PAYMENT_TEXT.vendorAcceptNotice(bill.vendorName)}
                </Alert>
              ) : null}
              {payContextQuery.data ? (
                <Group gap="xs" data-testid="receiving-bank">
                  <Text size="sm" c="dimmed">
                    Paying to
                  </Text>
                  <Text size="sm" fw={500}>
                    {`${bill.vendorName} · ${receivingBankText(payContextQuery.data.receivingBank)}`}
                  </Text>
                </Group>
              ) : null}
              <Grid gap="md">
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <PayFromSelect
                    options={options}
                    value={values.paymentInstrumentId}
                    loading={sourcesLoading}
                    error={errors.paymentInstrumentId ?? null}
                    onChange={(id) =>
                      // Spec 002 §4: the speed goes back to Standard whenever the source changes.
                      update({ paymentInstrumentId: id, deliverySpeed: 'STANDARD' }, 'paymentInstrumentId')
                    }
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <ProcessDateField
                    value={form.processDate}
                    rules={rules}
                    error={errors.processDate ?? null}
                    onChange={(processDate) => update({ processDate }, 'processDate')}
                  />
                </Grid.Col>
                <Grid.Col span={12}>
                  <DeliverySpeedField
                    value={form.deliverySpeed}
                    speeds={speeds}
                    loading={speedQuery.isFetching && selected?.usable === true}
                    error={
                      errors.deliverySpeed ??
                      (speedQuery.isError && selected?.usable ? MAKE_PAYMENT_TEXT.speedsFailed : null)
                    }
                    onChange={(deliverySpeed) => update({ deliverySpeed }, 'deliverySpeed')}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label="Pay Amount"
                    withAsterisk
                    inputMode="decimal"
                    leftSection={<Text size="sm">$</Text>}
                    value={form.amount}
                    onChange={(event) =>
                      update({ amount: typedPayAmount(event.currentTarget.value) }, 'amount')
                    }
                    onBlur={() =>
                      setValues((v) => ({
                        ...v,
                        amount: formatPayAmountOnBlur(v.amount, { maxCents: unscheduledCents }),
                      }))
                    }
                    error={errors.amount}
                    description={`Up to ${formatMoney(unscheduledCents)} (the unscheduled balance)`}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  {isCard ? (
                    <Stack gap={4} aria-live="polite" data-testid="card-fee">
                      <Group justify="space-between">
                        <Text size="sm">Card fee</Text>
                        {feeQuery.isFetching ? (
                          <Loader size={12} type="dots" aria-label="Working out the card fee" />
                        ) : (
                          <Text size="sm" aria-label={`Card fee ${formatMoney(feeCents)}`}>
                            {formatMoney(feeCents)}
                          </Text>
                        )}
                      </Group>
                      {feeNote && !feeQuery.isFetching ? (
                        <Text size="xs" c="dimmed">
                          {feeNote}
                        </Text>
                      ) : null}
                      <Divider />
                      <Group justify="space-between">
                        <Text size="sm" fw={700}>
                          Total
                        </Text>
                        <Text
                          size="sm"
                          fw={700}
                          aria-label={`Total ${formatMoney((typedCents ?? 0) + feeCents)}`}
                        >
                          {formatMoney((typedCents ?? 0) + feeCents)}
                        </Text>
                      </Group>
                    </Stack>
                  ) : null}
                </Grid.Col>
                <Grid.Col span={12}>
                  <Textarea
                    label="Internal Remarks"
                    rows={3}
                    value={form.remarks}
                    onChange={(event) => update({ remarks: event.currentTarget.value }, 'remarks')}
                    error={errors.remarks}
                    aria-describedby={remarksId}
                  />
                  <Text
                    id={remarksId}
                    size="xs"
                    ta="right"
                    c={form.remarks.length > PAYMENT_LIMITS.remarksMax ? 'red.8' : 'dimmed'}
                  >
                    {form.remarks.length}/{PAYMENT_LIMITS.remarksMax}
                  </Text>
                </Grid.Col>
              </Grid>
              <ErrorAlert>{formError}</ErrorAlert>
              <Group justify="flex-end" gap="md">
                {blocker && !sourcesLoading ? (
                  <Text size="sm" c="red.8" role="status">
                    {blocker}
                  </Text>
                ) : null}
                <Button type="submit" disabled={disabled} loading={createPayment.isPending}>
                  {primaryAction}
                </Button>
              </Group>
            </Stack>
          </form>
          <PaymentReviewDialog
            opened={review !== null}
            review={reviewed}
            action={primaryAction}
            pending={createPayment.isPending}
            error={reviewError}
            onConfirm={confirm}
            onBack={() => {
              setReview(null);
              setReviewError(null);
            }}
          />
        </Paper>
      )}
      {aside}
    </Stack>
  );
};
