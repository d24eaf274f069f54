import { AUTO_PAYMENT_MESSAGES, type AutoPaymentMapping } from '@ferry/domain';
import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { usePayerBankAccounts, usePayerCards } from '@/components/pay/pay-api';
import { buildPayFromOptions } from '@/components/pay/pay-from';
import { PayFromSelect } from '@/components/pay/pay-from-select';
import { getErrorMessage } from '@/lib/api-error';
import { useAutoPaymentAction } from '../api/auto-payments-api';
import { AutoPaymentConfirmDialog } from './auto-payment-confirm-dialog';

export const METHOD_UPDATED_MESSAGE = 'Payment method updated.';

type Props = { businessId: string; mapping: AutoPaymentMapping; opened: boolean; onClose: () => void };

/**
 * 'Change payment method' on the payer side: the business's banks (and cards, where the payee accepts
 * them) in the pay flow's 'Pay From' select. A bank that is not verified is listed but refused with the
 * auto-payment message (spec 002 §9), and Save stays disabled.
 */
export const ChangeMethodDialog = ({ businessId, mapping, opened, onClose }: Props) => {
  const banks = usePayerBankAccounts(businessId, opened);
  const cards = usePayerCards(businessId, opened && mapping.isAcceptCardPayments);
  const action = useAutoPaymentAction(businessId);
  const options = buildPayFromOptions(
    banks.data ?? [],
    mapping.isAcceptCardPayments ? (cards.data ?? []) : [],
  );
  const [picked, setPicked] = useState<string | null>(null);
  const value = picked ?? mapping.paymentMethod?.id ?? null;
  const chosen = options.find((option) => option.id === value);
  const close = () => {
    setPicked(null);
    onClose();
  };

  return (
    <AutoPaymentConfirmDialog
      opened={opened}
      onClose={close}
      title="Change Payment Method"
      confirmLabel="Save"
      confirmDisabled={!chosen?.usable}
      onConfirm={async () => {
        if (!chosen) return;
        await action.mutateAsync({
          mappingId: mapping.autoPaymentMappingId,
          side: 'PAYER',
          action: 'CHANGE_METHOD',
          paymentInstrumentId: chosen.id,
        });
        notifications.show({ color: 'teal', message: METHOD_UPDATED_MESSAGE });
        setPicked(null);
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          {`Auto payments to ${mapping.payeeBusinessName} will be paid from the account you choose.`}
        </Text>
        <PayFromSelect
          options={options}
          value={value}
          onChange={setPicked}
          loading={banks.isPending}
          error={chosen && !chosen.usable ? AUTO_PAYMENT_MESSAGES.invalidBank : null}
        />
        <ErrorAlert>{banks.isError ? getErrorMessage(banks.error) : null}</ErrorAlert>
      </Stack>
    </AutoPaymentConfirmDialog>
  );
};
