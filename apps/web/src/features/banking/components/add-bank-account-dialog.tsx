import { BANK_CONSTANTS, formatDate, MONEY_MESSAGES, paths } from '@ferry/domain';
import { Button, Group, List, Stack, Stepper, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClockHour4 } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BankAccountFields, setBankFieldErrors, useBankDetailsForm } from '@/components/bank-account-fields';
import { Dialog } from '@/components/dialog';
import { isBankDetailsValid } from '@/components/vendor-bank/bank-details-validation';
import { isApiError } from '@/lib/api-error';
import { createUuid } from '@/lib/random';
import { useAddBankAccount } from '../api/bank-actions';
import type { BankAccountView } from '../api/schemas';
import { formatMask, getBankName } from '../utils/bank-status';
import { isDefiniteRejection, messageOr } from '../utils/errors';
import { LINK_ACCOUNTS_TITLE, LinkAccountsStep } from './link-accounts-step';

export const ADD_BANK_TITLE = 'Add a Bank Account';
export const IMPORTANT_NOTE_TITLE = 'Important Note';
export const PENDING_VERIFICATION_HEADING = 'Pending Verification';
export const VERIFICATION_INITIATED_TITLE = 'Verification Initiated';
export const MICRO_DEPOSIT_TIMING = `We will send two small deposits (under $1.00) to your account in ${BANK_CONSTANTS.microDepositBusinessDays.min} to ${BANK_CONSTANTS.microDepositBusinessDays.max} business days. When they arrive, enter the two amounts to verify the account.`;
export const MANUAL_VERIFICATION_NOTE = `Manual bank verification may take up to ${BANK_CONSTANTS.manualVerificationBusinessDays} business days, with payments taking an additional ${BANK_CONSTANTS.manualVerificationExtraPaymentDays} days.`;

type FormStepProps = { businessId: string; onAdded: (bank: BankAccountView) => void; onCancel: () => void };

/** Step 1: the bank form (spec 002 §5), validated per field on change and on submit. */
export const BankFormStep = ({ businessId, onAdded, onCancel }: FormStepProps) => {
  const mutation = useAddBankAccount(businessId);
  // One key per opening of the dialog; a request the server refused is corrected into a new request.
  const [idempotencyKey, setIdempotencyKey] = useState(createUuid);
  const form = useBankDetailsForm();

  const submit = form.onSubmit(async ({ accountType, ...rest }) => {
    if (accountType === '') return;
    try {
      const bank = await mutation.mutateAsync({ input: { ...rest, accountType }, idempotencyKey });
      onAdded(bank);
    } catch (error) {
      if (isDefiniteRejection(error) && isApiError(error)) {
        setIdempotencyKey(createUuid());
        setBankFieldErrors(form, error.errors);
      }
      notifications.show({
        color: 'red',
        title: 'Bank account not added',
        message: messageOr(error, MONEY_MESSAGES.bankAddFailed),
      });
    }
  });

  const canSubmit = isBankDetailsValid(form.getValues()) && !mutation.isPending;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <BankAccountFields form={form} bankNameMaxLength={100} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSubmit} loading={mutation.isPending}>
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

export const PendingVerification = ({ bank }: { bank: BankAccountView }) => (
  <Stack gap="md">
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon size={44} radius="xl" color="yellow" variant="light" aria-hidden>
        <IconClockHour4 size={24} />
      </ThemeIcon>
      <Title order={3} fz="lg">
        {PENDING_VERIFICATION_HEADING}
      </Title>
    </Group>
    <Text size="sm">
      {getBankName(bank)} {formatMask(bank.accountMask)} was added. {MICRO_DEPOSIT_TIMING}
    </Text>
    {bank.microDeposit?.expectedBy ? (
      <Text size="sm" fw={500}>
        Deposits expected by {formatDate(bank.microDeposit.expectedBy)}.
      </Text>
    ) : null}
    <Text size="sm" c="dimmed">
      {MANUAL_VERIFICATION_NOTE}
    </Text>
  </Stack>
);

type Step = 'form' | 'link' | 'note' | 'done';

export type AddBankAccountDialogProps = {
  businessId: string;
  opened: boolean;
  onClose: () => void;
  /** Onboarding ends on a 'Got it' step leading to the link-bank page; settings on 'Verification Initiated'. */
  variant: 'onboarding' | 'settings';
};

const STEP_INDEX: Record<Step, number> = { form: 0, link: 1, note: 2, done: 3 };

const TITLES: Record<AddBankAccountDialogProps['variant'], Record<Step, string>> = {
  onboarding: {
    form: ADD_BANK_TITLE,
    link: LINK_ACCOUNTS_TITLE,
    note: IMPORTANT_NOTE_TITLE,
    done: "You're all set",
  },
  settings: { form: ADD_BANK_TITLE, link: LINK_ACCOUNTS_TITLE, note: VERIFICATION_INITIATED_TITLE, done: '' },
};

const AddBankFlow = ({ businessId, onClose, variant }: Omit<AddBankAccountDialogProps, 'opened'>) => {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('form');
  const [bank, setBank] = useState<BankAccountView | null>(null);
  const finish = () => {
    onClose();
    if (variant === 'onboarding') navigate(paths.onboardLinkBank(businessId));
  };
  return (
    <Dialog opened onClose={onClose} closeOnClickOutside={false} title={TITLES[variant][step]} size="lg">
      <Stack gap="lg">
        <Stepper
          active={STEP_INDEX[step]}
          size="xs"
          allowNextStepsSelect={false}
          aria-label="Add a bank account progress"
        >
          <Stepper.Step label="Bank details" />
          <Stepper.Step label="Link accounts" />
          <Stepper.Step label="Verification" />
        </Stepper>
        {step === 'form' ? (
          <BankFormStep
            businessId={businessId}
            onCancel={onClose}
            onAdded={(added) => {
              setBank(added);
              setStep('link');
            }}
          />
        ) : null}
        {step === 'link' && bank ? (
          <LinkAccountsStep businessId={businessId} banks={[bank]} onContinue={() => setStep('note')} />
        ) : null}
        {step === 'note' && bank ? (
          <Stack gap="lg">
            <PendingVerification bank={bank} />
            <Group justify="flex-end">
              {variant === 'onboarding' ? (
                <Button onClick={() => setStep('done')}>Continue</Button>
              ) : (
                <Button onClick={finish}>Got it</Button>
              )}
            </Group>
          </Stack>
        ) : null}
        {step === 'done' && bank ? (
          <Stack gap="lg">
            <Text size="sm">What happens next:</Text>
            <List type="ordered" size="sm" spacing="xs">
              <List.Item>
                The two deposits reach {getBankName(bank)} {formatMask(bank.accountMask)}.
              </List.Item>
              <List.Item>We email you when they have arrived.</List.Item>
              <List.Item>
                Enter the two amounts from the email's link or from Settings › Bank accounts to verify the
                account.
              </List.Item>
            </List>
            <Group justify="flex-end">
              <Button onClick={finish}>Got it</Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Dialog>
  );
};

/**
 * 'Add a Bank Account' (spec 002 §2, §4, §5): 1 the bank form (`POST .../account` with an Idempotency-Key),
 * 2 'Link Your Accounts', 3 'Important Note' / 'Pending Verification' (micro-deposits in 2 to 3 business
 * days); onboarding ends on a 'Got it' step, settings on 'Verification Initiated'. Each opening starts afresh.
 */
export const AddBankAccountDialog = ({ opened, ...props }: AddBankAccountDialogProps) =>
  opened ? <AddBankFlow {...props} /> : null;
