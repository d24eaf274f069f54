import { AUTO_PAYMENT_MESSAGES, type AutoPaymentMapping } from '@ferry/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { usePayerBankAccounts, usePayerCards } from '@/components/pay/pay-api';
import { buildPayFromOptions } from '@/components/pay/pay-from';
import { PayFromSelect } from '@/components/pay/pay-from-select';
import { getErrorMessage } from '@/lib/api-error';
import { useAutoPaymentAction } from '../api/auto-payments-api';

export const METHOD_UPDATED_MESSAGE = 'Payment method updated.';

type Props = { businessId: string; mapping: AutoPaymentMapping; opened: boolean; onClose: () => void };

const ChangeMethodForm = ({ businessId, mapping, onClose }: Omit<Props, 'opened'>) => {
  const banks = usePayerBankAccounts(businessId);
  const cards = usePayerCards(businessId, mapping.isAcceptCardPayments);
  const options = buildPayFromOptions(
    banks.data ?? [],
    mapping.isAcceptCardPayments ? (cards.data ?? []) : [],
  );
  const [value, setValue] = useState<string | null>(mapping.paymentMethod?.id ?? null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const action = useAutoPaymentAction(businessId);
  const loadFailed = banks.isError ? banks.error : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const chosen = options.find((option) => option.id === value);
    // Only a verified bank (or a card, where the payee accepts cards) may pay auto payments (spec 002 §9).
    if (!chosen?.usable) {
      setFieldError(AUTO_PAYMENT_MESSAGES.invalidBank);
      return;
    }
    setFieldError(null);
    try {
      await action.mutateAsync({
        mappingId: mapping.autoPaymentMappingId,
        side: 'PAYER',
        action: 'CHANGE_METHOD',
        paymentInstrumentId: chosen.id,
      });
      notifications.show({ color: 'teal', message: METHOD_UPDATED_MESSAGE });
      onClose();
    } catch (error) {
      setFailure(getErrorMessage(error));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {`Auto payments to ${mapping.payeeBusinessName} will be paid from the account you choose.`}
        </Text>
        <PayFromSelect
          label="Pay From"
          options={options}
          value={value}
          onChange={(next) => {
            setValue(next);
            setFieldError(null);
          }}
          loading={banks.isPending}
          error={fieldError}
        />
        <ErrorAlert>{loadFailed ? getErrorMessage(loadFailed) : failure}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={action.isPending}>
            Go back
          </Button>
          <Button type="submit" loading={action.isPending} disabled={banks.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** 'Change payment method' on the payer side: one of the business's verified banks (or cards). */
export const ChangeMethodDialog = ({ opened, ...props }: Props) => (
  <Dialog opened={opened} onClose={props.onClose} title="Change Payment Method">
    {opened ? <ChangeMethodForm {...props} /> : null}
  </Dialog>
);
