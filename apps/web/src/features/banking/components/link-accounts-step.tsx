import { MONEY_MESSAGES } from '@ferry/domain';
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ErrorState } from '@/components/error-state';
import { useBankChartAccounts, useLinkChartAccount } from '../api/chart-accounts';
import { useBankAccounts } from '../api/get-bank-accounts';
import type { BankAccountView, ChartAccount } from '../api/schemas';
import { formatMask, getBankName } from '../utils/bank-status';
import { messageOr } from '../utils/errors';
import { BankLogo } from './bank-logo';

export const LINK_ACCOUNTS_TITLE = 'Link Your Accounts';

const chartAccountLabel = (account: ChartAccount) =>
  account.number ? `${account.number} · ${account.name}` : account.name;

export type ChartAccountSelectProps = {
  businessId: string;
  bank: BankAccountView;
  /** Every bank of the business: a books account linked to another bank is not offered again. */
  allBanks: BankAccountView[];
  disabled?: boolean;
  label?: string;
};

/** Links one bank account to a BANK account of the books (`link-account`), or unlinks it when cleared. */
export const ChartAccountSelect = ({
  businessId,
  bank,
  allBanks,
  disabled = false,
  label = 'Chart account',
}: ChartAccountSelectProps) => {
  const chartAccounts = useBankChartAccounts(businessId);
  const link = useLinkChartAccount(businessId);
  const takenBy = new Map(
    allBanks
      .filter((other) => other.id !== bank.id && other.platformChartOfAccountId)
      .map((other) => [other.platformChartOfAccountId as string, other]),
  );
  const data = (chartAccounts.data ?? []).map((account) => ({
    value: account.id,
    label: chartAccountLabel(account),
    disabled: takenBy.has(account.id),
  }));
  // The linked account shows even before the chart has loaded.
  if (
    bank.platformChartOfAccountId &&
    !data.some((option) => option.value === bank.platformChartOfAccountId)
  ) {
    data.unshift({
      value: bank.platformChartOfAccountId,
      label: bank.chartAccountName ?? 'Linked account',
      disabled: false,
    });
  }
  return (
    <Select
      label={label}
      aria-label={`Chart account for ${getBankName(bank)} ${formatMask(bank.accountMask)}`}
      placeholder={chartAccounts.isPending ? 'Loading accounts...' : 'Choose an account of your books'}
      data={data}
      value={bank.platformChartOfAccountId ?? null}
      onChange={(value) => {
        if (value === (bank.platformChartOfAccountId ?? null)) return;
        link.mutate(
          { bankAccountId: bank.id, chartAccountId: value },
          {
            onError: (error) =>
              notifications.show({
                color: 'red',
                title: 'Chart account not linked',
                message: messageOr(error, MONEY_MESSAGES.linkBankFailed),
              }),
          },
        );
      }}
      clearable
      searchable
      nothingFoundMessage="No bank accounts in your books"
      disabled={disabled || link.isPending}
      error={chartAccounts.isError ? 'The accounts of your books could not be loaded.' : undefined}
      comboboxProps={{ withinPortal: true }}
      maw={360}
    />
  );
};

export type LinkAccountsStepProps = {
  businessId: string;
  /** The banks just added or linked (their latest state is read from the list). */
  banks: BankAccountView[];
  onContinue: () => void;
  continueLabel?: string;
};

/**
 * Step 2 'Link Your Accounts' (spec 002 §2, §4): maps each bank account to an account of the books;
 * Continue only once at least one is linked ('Link at-least one bank account to continue.').
 */
export const LinkAccountsStep = ({
  businessId,
  banks,
  onContinue,
  continueLabel = 'Continue',
}: LinkAccountsStepProps) => {
  const list = useBankAccounts(businessId);
  const chartAccounts = useBankChartAccounts(businessId);
  const current = banks.map((bank) => list.data?.find((candidate) => candidate.id === bank.id) ?? bank);
  const anyLinked = current.some((bank) => Boolean(bank.platformChartOfAccountId));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Choose the account of your books each bank account is recorded in, so payments are booked to the right
        place.
      </Text>
      {chartAccounts.isError ? (
        <ErrorState error={chartAccounts.error} onRetry={() => void chartAccounts.refetch()} />
      ) : null}
      <Stack gap="sm">
        {current.map((bank) => (
          <Paper key={bank.id} withBorder radius="md" p="md">
            <Stack gap="sm">
              <Group gap="sm" wrap="nowrap">
                <BankLogo name={getBankName(bank)} logo={bank.bankDetails.logo} size={36} />
                <Stack gap={0}>
                  <Text fw={600} size="sm">
                    {getBankName(bank)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[bank.accountName, formatMask(bank.accountMask)].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
              </Group>
              <ChartAccountSelect businessId={businessId} bank={bank} allBanks={list.data ?? current} />
            </Stack>
          </Paper>
        ))}
      </Stack>
      {anyLinked ? null : (
        <Text size="sm" c="red.8" role="status" id="link-accounts-hint">
          {MONEY_MESSAGES.linkAtLeastOneBank}
        </Text>
      )}
      <Group justify="flex-end">
        <Button
          onClick={onContinue}
          disabled={!anyLinked}
          aria-describedby={anyLinked ? undefined : 'link-accounts-hint'}
        >
          {continueLabel}
        </Button>
      </Group>
    </Stack>
  );
};
