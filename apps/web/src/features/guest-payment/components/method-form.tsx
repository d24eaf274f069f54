import { type BankAccountView, formatMoney, type GuestPaymentInfo } from '@ferry/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, Suspense, useEffect, useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { usePayerBankAccounts, usePayerCards } from '@/components/pay/pay-api';
import { buildPayFromOptions, isUsableBank, type PayFromOption } from '@/components/pay/pay-from';
import { defaultProcessDate, localToday } from '@/components/pay/process-date';
import {
  cardFeeOf,
  checkMethod,
  chosenAmount,
  type GuestPlan,
  type MethodKind,
  type MethodValues,
} from '../utils/plan';
import type { GuestPaymentSlots } from './guest-slots';

export const PAY_IN_FULL = 'Pay in full';
export const PAY_DIFFERENT = 'Pay a different amount';

const ListSkeleton = ({ label }: { label: string }) => (
  <Stack gap="xs" role="status" aria-label={label} aria-busy="true">
    <Skeleton height={44} radius="md" />
    <Skeleton height={44} radius="md" />
  </Stack>
);

const OptionList = ({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: PayFromOption[];
  value: string | null;
  onChange: (id: string) => void;
}) => (
  <Radio.Group label={label} value={value} onChange={onChange}>
    <Stack gap="xs" mt="xs">
      {options.map((option) => (
        <Radio.Card
          key={option.id}
          value={option.id}
          radius="md"
          p="sm"
          aria-label={option.note ? `${option.label}, ${option.note}` : option.label}
        >
          <Group wrap="nowrap" gap="sm">
            <Radio.Indicator />
            <Text size="sm" fw={500} style={{ flex: 1 }}>
              {option.label}
            </Text>
            {option.isPrimary ? <Badge variant="light">Primary</Badge> : null}
            {option.note ? (
              <Badge variant="light" color={option.usable ? 'yellow' : 'gray'}>
                {option.note}
              </Badge>
            ) : null}
          </Group>
        </Radio.Card>
      ))}
    </Stack>
  </Radio.Group>
);

type ListQuery = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

/** One tab: the accounts of that kind (loading, failed, empty or listed) and the button to add one. */
const MethodPanel = ({
  query,
  loadingLabel,
  emptyText,
  addLabel,
  onAdd,
  listLabel,
  options,
  value,
  onChange,
  extra,
}: {
  query: ListQuery;
  loadingLabel: string;
  emptyText: string;
  addLabel: string;
  onAdd: () => void;
  listLabel: string;
  options: PayFromOption[];
  value: string | null;
  onChange: (id: string) => void;
  /** Below the list: actions on listed accounts (verifying a manual bank's deposits). */
  extra?: React.ReactNode;
}) => {
  let list: React.ReactNode;
  if (query.isError) list = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.isPending) list = <ListSkeleton label={loadingLabel} />;
  else if (options.length === 0)
    list = (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  else list = <OptionList label={listLabel} options={options} value={value} onChange={onChange} />;
  return (
    <Stack gap="sm">
      {list}
      {extra}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Group>
    </Stack>
  );
};

export type MethodFormProps = {
  info: GuestPaymentInfo;
  values: MethodValues;
  onChange: (values: MethodValues) => void;
  onReview: (plan: GuestPlan) => void;
  slots: GuestPaymentSlots;
  /**
   * The auto-payment variant (info.invitationType AUTO_PAYMENT; spec 002 §2 'Guest payment-method screen'):
   * no amount or business name; Bank and Card tabs when the payee accepts cards; `consent` (the
   * authorisation tick) above the submit button, which is enabled only with `consented` and a method.
   */
  autoPay?: {
    title: string;
    consent: ReactNode;
    consented: boolean;
    submitLabel: string;
    isSubmitting: boolean;
    /** A message from the server about the chosen method (shown where the form's own message goes). */
    serverError?: string | null;
  };
};

/**
 * The right side of the guest payment-method screen (money spec §2): the step indicator, the Bank and
 * Card tabs with the guest business's accounts (adding one on the spot), the amount (in full or a
 * different amount), the card fee, the new business's name; Continue leads to the review.
 */
export const MethodForm = ({ info, values, onChange, onReview, slots, autoPay }: MethodFormProps) => {
  const isAutoPay = autoPay !== undefined;
  const isSend = info.paymentType === 'SEND_PAYMENT' && !isAutoPay;
  const cardsAllowed = (isSend || isAutoPay) && info.payeeAcceptCardPayment;
  const businessId = info.guestBusinessId;
  const banksQuery = usePayerBankAccounts(businessId);
  const cardsQuery = usePayerCards(businessId, cardsAllowed);
  const [banksOpen, setBanksOpen] = useState(false);
  // Once opened, the bank dialog stays mounted: its instant link (the provider's modal, the progress
  // dialog) runs after the chooser closes.
  const [banksMounted, setBanksMounted] = useState(false);
  const [cardOpen, setCardOpen] = useState(false);
  const [verifying, setVerifying] = useState<BankAccountView | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ partialAmount?: string; businessName?: string }>({});

  const banks = banksQuery.data ?? [];
  const cards = cardsAllowed ? (cardsQuery.data ?? []) : [];
  const listsKnown = banksQuery.isSuccess && (!cardsAllowed || cardsQuery.isSuccess);
  const hasMethod = banks.length + cards.length > 0;
  const bankOptions = buildPayFromOptions(banks, []);
  const cardOptions = buildPayFromOptions([], cards);
  const kind: MethodKind = cardsAllowed ? values.kind : 'BANK';

  // With no choice made yet, the primary usable bank (else the first usable one) is chosen.
  const defaultBankId = (
    banks.find((bank) => bank.isPrimary && isUsableBank(bank)) ?? banks.find(isUsableBank)
  )?.paymentInstrumentId;
  useEffect(() => {
    if (!values.bankId && defaultBankId) onChange({ ...values, bankId: defaultBankId });
  }, [values, defaultBankId, onChange]);

  const set = (patch: Partial<MethodValues>) => {
    onChange({ ...values, ...patch });
    setFormError(null);
  };

  const amount = chosenAmount(info, values);
  const fee = amount === null ? 0 : cardFeeOf(info, kind, amount);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkMethod(
      info,
      { ...values, kind },
      { banks, cards },
      isSend ? defaultProcessDate({ today: localToday(), holidays: [] }) : null,
    );
    if (checked.ok) {
      onReview(checked.plan);
      return;
    }
    setFormError(checked.form);
    setFieldErrors(checked.fields);
  };

  const bankPanel = (
    <MethodPanel
      query={banksQuery}
      loadingLabel="Loading bank accounts"
      listLabel={isSend || isAutoPay ? 'Pay from' : 'Receive into'}
      options={bankOptions}
      value={values.bankId}
      onChange={(bankId) => set({ bankId })}
      emptyText={`No bank account yet. Add one to ${isSend || isAutoPay ? 'pay from' : 'receive the money'}.`}
      addLabel="Add a bank account"
      extra={
        banks.some((bank) => bank.shouldVerifyWithCode) ? (
          <Group gap="xs">
            {banks
              .filter((bank) => bank.shouldVerifyWithCode)
              .map((bank) => (
                <Button key={bank.id} size="xs" variant="default" onClick={() => setVerifying(bank)}>
                  {`Verify deposits for ${bank.bankName} ${bank.accountMask.slice(-4)}`}
                </Button>
              ))}
          </Group>
        ) : null
      }
      onAdd={() => {
        setBanksMounted(true);
        setBanksOpen(true);
      }}
    />
  );

  const cardPanel = (
    <MethodPanel
      query={cardsQuery}
      loadingLabel="Loading cards"
      listLabel="Pay with"
      options={cardOptions}
      value={values.cardId}
      onChange={(cardId) => set({ cardId })}
      emptyText="No card yet. Add one to pay with it."
      addLabel="Add a card"
      onAdd={() => setCardOpen(true)}
    />
  );

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="guest-method-title">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Stack gap={2}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {listsKnown ? (hasMethod ? 'Step 2 of 2' : 'Step 1 of 2') : '\u00a0'}
            </Text>
            <Title order={2} fz="lg" id="guest-method-title">
              {autoPay?.title ?? (isSend ? 'How would you like to pay?' : 'Where should we send your money?')}
            </Title>
          </Stack>

          {cardsAllowed ? (
            <Tabs value={kind} onChange={(next) => set({ kind: next === 'CARD' ? 'CARD' : 'BANK' })}>
              <Tabs.List>
                <Tabs.Tab value="BANK">Bank</Tabs.Tab>
                <Tabs.Tab value="CARD">Card</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="BANK" pt="md">
                {bankPanel}
              </Tabs.Panel>
              <Tabs.Panel value="CARD" pt="md">
                {cardPanel}
              </Tabs.Panel>
            </Tabs>
          ) : (
            <Tabs value="BANK">
              <Tabs.List>
                <Tabs.Tab value="BANK">Bank</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="BANK" pt="md">
                {bankPanel}
              </Tabs.Panel>
            </Tabs>
          )}

          {isSend ? (
            <Stack gap="xs">
              <Radio.Group
                label="Amount"
                value={values.amountChoice}
                onChange={(next) => set({ amountChoice: next === 'PARTIAL' ? 'PARTIAL' : 'FULL' })}
              >
                <Stack gap="xs" mt="xs">
                  <Radio value="FULL" label={`${PAY_IN_FULL} (${formatMoney(info.amountToPay)})`} />
                  <Radio value="PARTIAL" label={PAY_DIFFERENT} />
                </Stack>
              </Radio.Group>
              {values.amountChoice === 'PARTIAL' ? (
                <TextInput
                  label="Amount to pay"
                  inputMode="decimal"
                  leftSection="$"
                  withAsterisk
                  value={values.partialAmount}
                  onChange={(event) => {
                    set({ partialAmount: event.currentTarget.value });
                    if (fieldErrors.partialAmount)
                      setFieldErrors((c) => ({ ...c, partialAmount: undefined }));
                  }}
                  error={fieldErrors.partialAmount}
                  errorProps={{ role: 'alert' }}
                />
              ) : null}
            </Stack>
          ) : null}

          {info.isNewBusiness && !isAutoPay ? (
            <TextInput
              label="Business name"
              description={isSend ? 'The business you pay from.' : 'The business you get paid as.'}
              withAsterisk
              value={values.businessName}
              onChange={(event) => {
                set({ businessName: event.currentTarget.value });
                if (fieldErrors.businessName) setFieldErrors((c) => ({ ...c, businessName: undefined }));
              }}
              error={fieldErrors.businessName}
              errorProps={{ role: 'alert' }}
            />
          ) : null}

          {isSend && amount !== null ? (
            <Stack gap={4} aria-label="Payment total">
              <Group justify="space-between">
                <Text size="sm">Amount</Text>
                <Text size="sm">{formatMoney(amount)}</Text>
              </Group>
              {kind === 'CARD' && info.payeeCardSurchargeEnabled ? (
                <Group justify="space-between">
                  <Text size="sm">Card fee</Text>
                  <Text size="sm" aria-label={`Card fee ${formatMoney(fee)}`}>
                    {formatMoney(fee)}
                  </Text>
                </Group>
              ) : null}
              <Group justify="space-between">
                <Text fw={650}>Total</Text>
                <Text fw={700}>{formatMoney(amount + fee)}</Text>
              </Group>
            </Stack>
          ) : null}

          {autoPay?.consent}

          {formError || autoPay?.serverError ? (
            <Alert color="red" variant="light" role="alert">
              {formError ?? autoPay?.serverError}
            </Alert>
          ) : null}

          <Button
            type="submit"
            size="md"
            fullWidth
            loading={autoPay?.isSubmitting ?? false}
            disabled={
              autoPay ? !autoPay.consented || !(kind === 'BANK' ? values.bankId : values.cardId) : false
            }
          >
            {autoPay?.submitLabel ?? 'Continue'}
          </Button>
        </Stack>
      </form>

      <Suspense fallback={null}>
        {banksMounted ? (
          <slots.AddBankDialog
            businessId={businessId}
            opened={banksOpen}
            onClose={() => setBanksOpen(false)}
            {...(isAutoPay ? { variant: 'auto-pay' as const } : {})}
            onAdded={(added) => {
              void banksQuery.refetch();
              const first = added.find(isUsableBank) ?? added[0];
              if (first) set({ bankId: first.paymentInstrumentId, kind: 'BANK' });
            }}
          />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>
        {verifying ? (
          <slots.VerifyBankDialog
            businessId={businessId}
            bank={verifying}
            opened
            onClose={() => {
              setVerifying(null);
              void banksQuery.refetch();
            }}
            onConnectInstantly={() => {
              setVerifying(null);
              setBanksMounted(true);
              setBanksOpen(true);
            }}
          />
        ) : null}
      </Suspense>
      {cardsAllowed ? (
        <Suspense fallback={null}>
          {cardOpen ? (
            <slots.AddCardDialog
              businessId={businessId}
              opened={cardOpen}
              onClose={() => setCardOpen(false)}
              onAdded={(card) => {
                void cardsQuery.refetch();
                set({ cardId: card.id, kind: 'CARD' });
              }}
            />
          ) : null}
        </Suspense>
      ) : null}
    </Paper>
  );
};
