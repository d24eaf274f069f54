import {
  MERCHANT_BUSINESS_TYPES,
  MERCHANT_CATEGORIES,
  MONEY_MESSAGES,
  merchantApplicationSchema,
  paths,
} from '@ferry/domain';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconBuildingBank } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { LabeledValue } from '@/components/labeled-value';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { createUuid } from '@/lib/random';
import { useApplyForCardAcceptance } from '../api/merchant';
import type { MerchantStatus } from '../api/schemas';

export const TERMS_LABEL =
  'I agree to the card acceptance terms and authorise Ferry and its card processor to verify the information above.';

type MerchantFormValues = {
  incorporationDate: string;
  businessCategory: string;
  businessWebsite: string;
  businessType: string;
  payoutBankAccount: string;
  expectedAnnualCardVolume: number | string;
  agreeTerms: boolean;
};

const FIELDS = [
  'incorporationDate',
  'businessCategory',
  'businessWebsite',
  'businessType',
  'payoutBankAccount',
  'expectedAnnualCardVolume',
  'agreeTerms',
] as const;

const CATEGORY_OPTIONS = MERCHANT_CATEGORIES.filter((c) => !c.prohibited).map((c) => ({
  value: c.value,
  label: c.label,
}));
const TYPE_OPTIONS = MERCHANT_BUSINESS_TYPES.map((t) => ({ value: t.value, label: t.label }));

/** 'MM/DD/YYYY' (as shown) → 'YYYY-MM-DD'. */
const parseUsDate = (value: string): string | null => {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(value);
  if (!match) return null;
  const [, month = '', day = '', year = ''] = match;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
};

const toCalendarDay = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * What the form reuses instead of asking: the website and business type the business already gave
 * (profile, verification, business details) on a first application. After a rejection the previous
 * answers fill the form instead, all of them open to change.
 */
const reusableDetails = (status: MerchantStatus) => ({
  businessWebsite: status.application ? null : status.knownDetails.businessWebsite,
  businessType: status.application ? null : status.knownDetails.businessType,
});

const initialValues = (status: MerchantStatus): MerchantFormValues => {
  const previous = status.application;
  const reused = reusableDetails(status);
  const bankStillEligible = status.eligiblePayoutBanks.some((b) => b.id === previous?.payoutBankAccount);
  return {
    incorporationDate: previous?.incorporationDate ?? '',
    businessCategory: previous?.businessCategory ?? '',
    businessWebsite: previous?.businessWebsite ?? reused.businessWebsite ?? '',
    businessType: previous?.businessType ?? reused.businessType ?? '',
    payoutBankAccount: bankStillEligible ? (previous?.payoutBankAccount ?? '') : '',
    expectedAnnualCardVolume: previous?.expectedAnnualCardVolume ?? '',
    agreeTerms: false,
  };
};

export type MerchantApplicationFormProps = {
  businessId: string;
  status: MerchantStatus;
  canManage: boolean;
};

/**
 * The merchant onboarding form (spec 002 §3, §5 "Merchant"): every rule of the shared schema, the payout
 * bank limited to the eligible banks with the spec's sentence, and the terms agreement.
 */
export const MerchantApplicationForm = ({ businessId, status, canManage }: MerchantApplicationFormProps) => {
  const apply = useApplyForCardAcceptance(businessId);
  const [idempotencyKey, setIdempotencyKey] = useState(createUuid);
  const [error, setError] = useState<string | null>(null);
  const today = useMemo(() => new Date(), []);
  const schema = useMemo(() => merchantApplicationSchema(toCalendarDay(today)), [today]);
  const form = useForm<MerchantFormValues>({
    initialValues: initialValues(status),
    validateInputOnBlur: true,
    validate: (values) => {
      const result = schema.safeParse(values);
      const errors: Record<string, string> = {};
      if (!result.success)
        for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
      return errors;
    },
  });
  const banks = status.eligiblePayoutBanks;
  const disabled = !canManage || apply.isPending;
  const reused = reusableDetails(status);
  const [isChangingKnown, setIsChangingKnown] = useState(false);
  const reusesWebsite = reused.businessWebsite !== null && !isChangingKnown;
  const reusesType = reused.businessType !== null && !isChangingKnown;

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const { businessWebsite, businessType, ...parsed } = schema.parse(values);
    // What the business already gave is not sent again: the server fills it in.
    const input = {
      ...parsed,
      ...(reusesWebsite ? {} : { businessWebsite }),
      ...(reusesType ? {} : { businessType }),
    };
    try {
      await apply.mutateAsync({ input, idempotencyKey });
      notifications.show({
        color: 'teal',
        title: 'Application submitted',
        message: MONEY_MESSAGES.cardAcceptanceSubmitted,
      });
    } catch (cause) {
      if (isApiError(cause) && cause.statusCode === 401) return;
      if (
        isApiError(cause) &&
        cause.statusCode >= 400 &&
        cause.statusCode < 500 &&
        cause.statusCode !== 408
      ) {
        // The server refused this request: a corrected one is a new request with a new key.
        setIdempotencyKey(createUuid());
        for (const { field, message } of cause.errors) {
          if ((FIELDS as readonly string[]).includes(field)) form.setFieldError(field, message);
        }
      }
      const message = getErrorMessage(cause);
      setError(message);
      notifications.show({ color: 'red', title: 'Application not submitted', message });
    }
  });

  const volumeProps = form.getInputProps('expectedAnnualCardVolume');

  return (
    <form onSubmit={submit} noValidate aria-label="Card payment acceptance application">
      <Stack gap="md">
        <KnownDetails
          status={status}
          reusesWebsite={reusesWebsite}
          reusesType={reusesType}
          onChange={canManage && (reusesWebsite || reusesType) ? () => setIsChangingKnown(true) : null}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateInput
            label="Incorporation date"
            withAsterisk
            placeholder="MM/DD/YYYY"
            valueFormat="MM/DD/YYYY"
            dateParser={parseUsDate}
            maxDate={toCalendarDay(today)}
            disabled={disabled}
            clearable
            {...form.getInputProps('incorporationDate')}
            value={form.getValues().incorporationDate || null}
            onChange={(value) => form.setFieldValue('incorporationDate', value ?? '')}
          />
          <Select
            label="Business category"
            withAsterisk
            placeholder="Select a category"
            data={CATEGORY_OPTIONS}
            searchable
            disabled={disabled}
            {...form.getInputProps('businessCategory')}
            value={form.getValues().businessCategory || null}
            onChange={(value) => form.setFieldValue('businessCategory', value ?? '')}
          />
          {reusesWebsite ? null : (
            <TextInput
              label="Business website"
              withAsterisk
              placeholder="www.example.com"
              autoComplete="url"
              disabled={disabled}
              {...form.getInputProps('businessWebsite')}
            />
          )}
          {reusesType ? null : (
            <Select
              label="Business type"
              withAsterisk
              placeholder="Select a business type"
              data={TYPE_OPTIONS}
              disabled={disabled}
              {...form.getInputProps('businessType')}
              value={form.getValues().businessType || null}
              onChange={(value) => form.setFieldValue('businessType', value ?? '')}
            />
          )}
        </SimpleGrid>
        <Stack gap={6}>
          <Select
            label="Payout bank account"
            withAsterisk
            placeholder={banks.length === 0 ? 'No eligible bank account' : 'Select a bank account'}
            data={banks.map((bank) => ({
              value: bank.id,
              label: `${bank.bankName} •••• ${bank.accountMask.slice(-4)}${bank.chartAccountName ? ` · ${bank.chartAccountName}` : ''}`,
            }))}
            description={MONEY_MESSAGES.payoutBankRule}
            leftSection={<IconBuildingBank size={16} aria-hidden />}
            disabled={disabled || banks.length === 0}
            {...form.getInputProps('payoutBankAccount')}
            value={form.getValues().payoutBankAccount || null}
            onChange={(value) => form.setFieldValue('payoutBankAccount', value ?? '')}
          />
          {banks.length === 0 ? (
            <Text size="sm">
              None of your bank accounts can receive payouts yet.{' '}
              <Anchor component={Link} to={paths.settingsBankAccount(businessId)}>
                Go to bank account settings
              </Anchor>{' '}
              to connect a bank through Plaid and link it to the Chart of Accounts.
            </Text>
          ) : null}
        </Stack>
        <NumberInput
          label="Expected annual card volume"
          withAsterisk
          description="In US dollars, a whole number from $1,000 to $10,000,000."
          prefix="$"
          thousandSeparator=","
          allowDecimal={false}
          allowNegative={false}
          hideControls
          disabled={disabled}
          {...volumeProps}
        />
        <Checkbox
          label={TERMS_LABEL}
          disabled={disabled}
          {...form.getInputProps('agreeTerms', { type: 'checkbox' })}
        />
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" disabled={!canManage} loading={apply.isPending}>
            Submit application
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

const businessTypeLabel = (value: string): string =>
  MERCHANT_BUSINESS_TYPES.find((type) => type.value === value)?.label ?? value;

/**
 * What the business already gave Ferry, shown instead of asked again: the verified legal name, tax ID
 * (masked) and address, and the website and type, which the application reuses unless the person
 * chooses to change them.
 */
const KnownDetails = ({
  status,
  reusesWebsite,
  reusesType,
  onChange,
}: {
  status: MerchantStatus;
  reusesWebsite: boolean;
  reusesType: boolean;
  onChange: (() => void) | null;
}) => {
  const known = status.knownDetails;
  const facts = [
    known.legalBusinessName ? { label: 'Legal business name', value: known.legalBusinessName } : null,
    known.taxIdMasked ? { label: 'Tax ID (EIN)', value: known.taxIdMasked } : null,
    known.address ? { label: 'Business address', value: known.address } : null,
    reusesWebsite && known.businessWebsite
      ? { label: 'Business website', value: known.businessWebsite }
      : null,
    reusesType && known.businessType
      ? { label: 'Business type', value: businessTypeLabel(known.businessType) }
      : null,
  ].filter((fact): fact is { label: string; value: string } => fact !== null);
  if (facts.length === 0) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="gray.0"
      component="section"
      aria-label="Details you already gave"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text fw={600} size="sm">
              Details you already gave
            </Text>
            <Text size="sm" c="dimmed">
              From your business verification, details and profile: only what is missing is asked below.
            </Text>
          </Stack>
          {onChange ? (
            <Button variant="subtle" size="xs" onClick={onChange}>
              Change website or type
            </Button>
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {facts.map((fact) => (
            <LabeledValue key={fact.label} label={fact.label} value={fact.value} />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
};
