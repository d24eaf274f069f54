import { formatDate, MONEY_MESSAGES } from '@ferry/domain';
import { Alert, Badge, Group, List, Paper, Stack, Switch, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useId } from 'react';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useUpdateSurcharge } from '../api/merchant';
import type { MerchantStatus } from '../api/schemas';
import { formatRate } from '../utils/card-format';

/** The surcharge rules, as the spec's fee engine applies them. */
export const SURCHARGE_RULES = [
  'at most 3% and never above your processing cost',
  'never on debit or prepaid cards',
  'not where state law bans surcharges',
] as const;

/** Card acceptance is on: the status, the SAQ's validity and the surcharge switch. */
export const MerchantActive = ({
  businessId,
  status,
  canManage,
}: {
  businessId: string;
  status: MerchantStatus;
  canManage: boolean;
}) => {
  const update = useUpdateSurcharge(businessId);
  const surchargeTitleId = useId();
  const { surcharge, saq } = status;
  const payout = status.eligiblePayoutBanks.find((bank) => bank.id === status.application?.payoutBankAccount);

  const toggle = async (enabled: boolean) => {
    if (!surcharge) return;
    try {
      await update.mutateAsync({ surchargeId: surcharge.id, enabled });
      notifications.show({ color: 'teal', title: 'Surcharge', message: MONEY_MESSAGES.surchargeUpdated });
    } catch (cause) {
      if (isApiError(cause) && cause.statusCode === 401) return;
      notifications.show({ color: 'red', title: 'Surcharge not updated', message: getErrorMessage(cause) });
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg">
        <Group gap="md" align="flex-start" wrap="nowrap">
          <ThemeIcon color="teal" variant="light" radius="xl" size={40} aria-hidden>
            <IconCircleCheck size={24} />
          </ThemeIcon>
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={2} fz="lg">
                You are accepting card payments
              </Title>
              <Badge color="teal" variant="light" tt="none">
                Active
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              Customers can pay your invoices by card; payouts go to{' '}
              {payout
                ? `${payout.bankName} •••• ${payout.accountMask.slice(-4)}`
                : 'your payout bank account'}
              .
            </Text>
            {saq?.expiresAt ? (
              <Text size="sm">
                PCI SAQ valid until <strong>{formatDate(saq.expiresAt)}</strong>
                {saq.signerName ? ` (signed by ${saq.signerName}, ${saq.signerTitle})` : ''}.
              </Text>
            ) : null}
          </Stack>
        </Group>
      </Paper>
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={surchargeTitleId}>
        <Stack gap="sm">
          <Title order={2} fz="lg" id={surchargeTitleId}>
            Card surcharge
          </Title>
          <Text size="sm" c="dimmed">
            Pass the cost of card processing on to customers who pay by credit card. A surcharge is:
          </Text>
          <List size="sm" spacing={2}>
            {SURCHARGE_RULES.map((rule) => (
              <List.Item key={rule}>{rule}</List.Item>
            ))}
          </List>
          {surcharge ? (
            <Switch
              mt="xs"
              label="Add a surcharge to credit card payments"
              description={`Your surcharge rate: ${formatRate(Math.min(surcharge.rateBps, surcharge.maxRateBps))} of the payment.`}
              checked={surcharge.enabled}
              disabled={!canManage || update.isPending}
              onChange={(event) => void toggle(event.currentTarget.checked)}
            />
          ) : (
            <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
              A surcharge is not available for this account yet.
            </Alert>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
};
