import { MICRO_DEPOSIT_ERRORS, MONEY_MESSAGES, microDepositSchema } from '@ferry/domain';
import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { createUuid } from '@/lib/random';
import { useVerifyMicroDeposits } from '../api/bank-actions';
import type { BankAccountView } from '../api/schemas';
import { formatMask, getBankName } from '../utils/bank-status';
import { INSTANT_OPTION } from './bank-link-chooser';

export const MICRO_DEPOSIT_TITLE = 'Enter Deposited Amounts';

type DepositValues = { firstMicroDeposit: string; secondMicroDeposit: string };
type DepositField = keyof DepositValues;

const { shape } = microDepositSchema;

/** One amount's message (spec 002 §5): 'Amount #1 is required', 'Amount #2 is required', 'Must be 1-2 digits'. */
const validateDeposit = (field: DepositField, value: string): string | null => {
  const result = shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

/** Digits only, at most 2 (the input's mask). */
const toDigits = (value: string): string => value.replace(/\D/g, '').slice(0, 2);

const attemptsText = (remaining: number) =>
  `${remaining} verification attempt${remaining === 1 ? '' : 's'} left.`;

type BodyProps = {
  businessId: string;
  bank: BankAccountView;
  onClose: () => void;
  onConnectInstantly: () => void;
};

const MicroDepositForm = ({ businessId, bank, onClose, onConnectInstantly }: BodyProps) => {
  const verify = useVerifyMicroDeposits(businessId);
  const [failure, setFailure] = useState<{ code: string | undefined; message: string } | null>(null);
  const form = useForm<DepositValues>({
    initialValues: { firstMicroDeposit: '', secondMicroDeposit: '' },
    validateInputOnChange: true,
    validate: {
      firstMicroDeposit: (value) => validateDeposit('firstMicroDeposit', value),
      secondMicroDeposit: (value) => validateDeposit('secondMicroDeposit', value),
    },
  });
  const exhausted = failure?.code === 'VERIFY_ATTEMPTS_EXHAUSTED' || bank.verificationStatus === 'REJECTED';

  const submit = form.onSubmit((values) => {
    setFailure(null);
    verify.mutate(
      { bankAccountId: bank.id, ...values, idempotencyKey: createUuid() },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', title: 'Bank verified', message: MONEY_MESSAGES.bankVerified });
          onClose();
        },
        onError: (error) => {
          const code = isApiError(error) ? error.errorCode : undefined;
          const known =
            code && code in MICRO_DEPOSIT_ERRORS
              ? MICRO_DEPOSIT_ERRORS[code as keyof typeof MICRO_DEPOSIT_ERRORS]
              : null;
          setFailure({ code, message: known ?? getErrorMessage(error) });
        },
      },
    );
  });

  const input = (field: DepositField, label: string) => {
    const props = form.getInputProps(field);
    return (
      <TextInput
        label={label}
        withAsterisk
        inputMode="numeric"
        autoComplete="off"
        maxLength={2}
        placeholder="00"
        leftSection={
          <Text size="sm" c="dimmed" aria-hidden>
            $0.
          </Text>
        }
        leftSectionWidth={36}
        description="Cents, e.g. 07"
        {...props}
        onChange={(event) => form.setFieldValue(field, toDigits(event.currentTarget.value))}
        disabled={exhausted}
      />
    );
  };

  const remaining = bank.verifyAttemptRemains;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Enter the two small amounts Ferry deposited into {getBankName(bank)} {formatMask(bank.accountMask)}.
          You can find them on your bank statement or in your online banking.
        </Text>
        {remaining !== null && !exhausted && failure?.code !== 'INVALID_MICRODEPOSIT' ? (
          <Text size="sm" c="dimmed" data-testid="attempts-left">
            {attemptsText(remaining)}
          </Text>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
            <Stack gap={6}>
              <Text size="sm">{failure.message}</Text>
              {failure.code === 'INVALID_MICRODEPOSIT' && remaining !== null ? (
                <Text size="sm" fw={600}>
                  {attemptsText(remaining)}
                </Text>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        <SimpleGrid cols={2}>
          {input('firstMicroDeposit', 'Amount #1')}
          {input('secondMicroDeposit', 'Amount #2')}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={verify.isPending}>
            Cancel
          </Button>
          {exhausted ? (
            <Button onClick={onConnectInstantly}>{INSTANT_OPTION}</Button>
          ) : (
            <Button type="submit" loading={verify.isPending}>
              Verify
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
};

export type MicroDepositDialogProps = {
  businessId: string;
  bank: BankAccountView | null;
  opened: boolean;
  onClose: () => void;
  /** The instant option the exhausted-attempts message points to. */
  onConnectInstantly: () => void;
};

/**
 * 'Enter Deposited Amounts' (spec 002 §2, §5, §8): two amounts of 1–2 digits shown as $0.__, then
 * `POST .../account/verify`. Wrong amounts (INVALID_MICRODEPOSIT) show the attempts left; exhausted attempts
 * (VERIFY_ATTEMPTS_EXHAUSTED) point to connecting the bank instantly; a concurrent verify says 'Request
 * already in progress.'.
 */
export const MicroDepositDialog = ({
  businessId,
  bank,
  opened,
  onClose,
  onConnectInstantly,
}: MicroDepositDialogProps) => (
  <Dialog
    opened={opened && bank !== null}
    onClose={onClose}
    title={MICRO_DEPOSIT_TITLE}
    closeOnClickOutside={false}
  >
    {opened && bank ? (
      <MicroDepositForm
        key={bank.id}
        businessId={businessId}
        bank={bank}
        onClose={onClose}
        onConnectInstantly={onConnectInstantly}
      />
    ) : null}
  </Dialog>
);
