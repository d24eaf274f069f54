import { paths } from '@ferry/domain';
import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '@/components/dialog';
import { ErrorState } from '@/components/error-state';
import { StatusBadge } from '@/components/status-badge';
import { useBankAccounts } from '../api/get-bank-accounts';
import type { BankAccountView } from '../api/schemas';
import { formatMask, getBankDisplay, getBankName } from '../utils/bank-status';
import { AddBankAccountDialog } from './add-bank-account-dialog';
import { BankLinkChooser } from './bank-link-chooser';
import { BankLogo } from './bank-logo';
import { LINK_ACCOUNTS_TITLE, LinkAccountsStep } from './link-accounts-step';
import { useInstantBankLink } from './use-instant-bank-link';

const AddedBank = ({ bank }: { bank: BankAccountView }) => {
  const display = getBankDisplay(bank);
  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ listStyle: 'none' }}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <BankLogo name={getBankName(bank)} logo={bank.bankDetails.logo} size={36} />
        <Stack gap={2} style={{ flex: 1 }}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {getBankName(bank)} {formatMask(bank.accountMask)}
            </Text>
            <StatusBadge label={display.badge} colour={display.colour} />
          </Group>
          {display.message ? (
            <Text size="xs" c="dimmed">
              {display.message}
            </Text>
          ) : null}
          {bank.chartAccountName ? (
            <Text size="xs" c="dimmed">
              Linked to {bank.chartAccountName}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
};

export type OnboardingBankStepProps = { businessId: string };

/**
 * The banking part of `/onboard/b/{businessId}/link-bank` (spec 000 §2, 002 §2): the connection loader while
 * an instant link is stored, the chooser, the banks added so far with their status, then 'Continue' to the
 * accounting step (or 'Skip for now' before any bank is added).
 */
export const OnboardingBankStep = ({ businessId }: OnboardingBankStepProps) => {
  const banksQuery = useBankAccounts(businessId);
  const [manualOpen, setManualOpen] = useState(false);
  const [linkBanks, setLinkBanks] = useState<BankAccountView[] | null>(null);
  const instant = useInstantBankLink({
    businessId,
    progress: 'loader',
    onLinked: (accounts) => {
      if (accounts.length > 0) setLinkBanks(accounts);
    },
  });

  if (instant.loader) return <>{instant.loader}</>;

  const banks = banksQuery.data ?? [];
  const next = paths.onboardConnectAccounting(businessId);

  return (
    <Stack gap="xl">
      <BankLinkChooser
        onInstant={instant.start}
        onManual={() => setManualOpen(true)}
        isInstantLoading={instant.isStarting}
        withTerms
      />
      {banksQuery.isError ? (
        <ErrorState error={banksQuery.error} onRetry={() => void banksQuery.refetch()} />
      ) : banksQuery.isPending ? (
        <Skeleton height={56} radius="md" aria-label="Loading your bank accounts" />
      ) : banks.length > 0 ? (
        <Stack gap="xs">
          <Text fw={600} size="sm" id="added-banks-heading">
            Your bank accounts
          </Text>
          <Stack component="ul" gap="xs" p={0} m={0} aria-labelledby="added-banks-heading">
            {banks.map((bank) => (
              <AddedBank key={bank.id} bank={bank} />
            ))}
          </Stack>
        </Stack>
      ) : null}
      <Group justify="flex-end">
        {banks.length > 0 ? (
          <Button component={Link} to={next} size="md">
            Continue
          </Button>
        ) : (
          <Button component={Link} to={next} variant="default" size="md">
            Skip for now
          </Button>
        )}
      </Group>

      <AddBankAccountDialog
        businessId={businessId}
        opened={manualOpen}
        onClose={() => setManualOpen(false)}
        variant="onboarding"
      />
      <Dialog
        opened={linkBanks !== null}
        onClose={() => setLinkBanks(null)}
        title={LINK_ACCOUNTS_TITLE}
        size="lg"
        closeOnClickOutside={false}
      >
        {linkBanks ? (
          <LinkAccountsStep businessId={businessId} banks={linkBanks} onContinue={() => setLinkBanks(null)} />
        ) : null}
      </Dialog>
      {instant.dialogs}
    </Stack>
  );
};
