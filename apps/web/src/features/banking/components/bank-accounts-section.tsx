import { ACCESS_DENIED_MESSAGE, MONEY_MESSAGES } from '@ferry/domain';
import { Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingBank, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Dialog } from '@/components/dialog';
import { ErrorState } from '@/components/error-state';
import { useBusinessAccess } from '@/lib/business-access';
import { useDeleteBankAccount, useMarkBankPrimary } from '../api/bank-actions';
import { useBankLinkProvider } from '../api/bank-link';
import { useBankAccounts } from '../api/get-bank-accounts';
import type { BankAccountView } from '../api/schemas';
import { getBankingAccess, MANAGE_REQUIRED_HINT } from '../utils/access';
import { canReconnect, formatMask, getBankName } from '../utils/bank-status';
import { messageOr } from '../utils/errors';
import { AddBankAccountDialog } from './add-bank-account-dialog';
import { BankAccountRow } from './bank-account-row';
import { BankLinkChooser } from './bank-link-chooser';
import { DeleteBankDialog } from './delete-bank-dialog';
import { LINK_ACCOUNTS_TITLE, LinkAccountsStep } from './link-accounts-step';
import { MicroDepositDialog } from './micro-deposit-dialog';
import { useBankReconnect } from './use-bank-reconnect';
import { useInstantBankLink } from './use-instant-bank-link';

export const BANK_LIST_EMPTY = 'No bank accounts yet';

const ListSkeleton = () => (
  <Stack gap="sm" aria-busy="true" aria-label="Loading bank accounts" role="status">
    {[0, 1].map((i) => (
      <Paper key={i} withBorder radius="md" p="lg">
        <Group gap="md" wrap="nowrap">
          <Skeleton height={44} width={44} radius="md" />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={16} width="35%" />
            <Skeleton height={12} width="55%" />
          </Stack>
        </Group>
      </Paper>
    ))}
  </Stack>
);

export type BankAccountsSectionProps = { businessId: string };

/**
 * The bank list of `/b/{id}/settings/bank-account` (spec 002 §2, §4): every bank with its status, the
 * chooser to add one (instant or manual), micro-deposit verification, chart-account links, primary,
 * reconnect and delete. `?verify={accountId}` opens 'Enter Deposited Amounts' and `?reconnect={accountId}`
 * starts a reconnect (the links of the bank emails, through /process/bank/start).
 */
export const BankAccountsSection = ({ businessId }: BankAccountsSectionProps) => {
  const businessQuery = useBusinessAccess(businessId);
  const access = businessQuery.data ? getBankingAccess(businessQuery.data) : null;
  const banksQuery = useBankAccounts(businessId, { enabled: access?.canRead ?? false });
  const provider = useBankLinkProvider();
  const [searchParams, setSearchParams] = useSearchParams();

  const [chooserOpen, setChooserOpen] = useState(false);
  const [manualOpen, setManualOpen] = useState(false);
  const [linkBanks, setLinkBanks] = useState<BankAccountView[] | null>(null);
  const [verifyId, setVerifyId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<BankAccountView | null>(null);

  const markPrimary = useMarkBankPrimary(businessId);
  const remove = useDeleteBankAccount(businessId);

  const instant = useInstantBankLink({
    businessId,
    progress: 'dialog',
    onLinked: (accounts) => {
      if (accounts.length > 0) setLinkBanks(accounts);
    },
  });
  const reconnect = useBankReconnect({ businessId, onAddAnother: () => setChooserOpen(true) });

  const banks = banksQuery.data ?? [];
  const canManage = access?.canManage ?? false;

  // Links from the bank emails: ?verify={accountId} and ?reconnect={accountId}, once the list is known.
  const verifyParam = searchParams.get('verify');
  const reconnectParam = searchParams.get('reconnect');
  const handledLink = useRef<string | null>(null);
  useEffect(() => {
    if (!banksQuery.data || !access) return;
    if (!verifyParam && !reconnectParam) {
      handledLink.current = null;
      return;
    }
    const key = `${verifyParam ?? ''}|${reconnectParam ?? ''}`;
    if (handledLink.current === key) return;
    handledLink.current = key;
    const next = new URLSearchParams(searchParams);
    next.delete('verify');
    next.delete('reconnect');
    setSearchParams(next, { replace: true });
    if (!access.canManage) {
      notifications.show({ color: 'red', title: 'Not allowed', message: ACCESS_DENIED_MESSAGE });
      return;
    }
    const target = banksQuery.data.find((bank) => bank.id === (verifyParam ?? reconnectParam));
    if (!target) {
      notifications.show({
        color: 'red',
        title: 'Bank account not found',
        message: 'This bank account is no longer linked to the business.',
      });
      return;
    }
    if (verifyParam) setVerifyId(target.id);
    else if (canReconnect(target)) reconnect.start(target);
    else
      notifications.show({
        color: 'teal',
        title: 'Nothing to reconnect',
        message: 'This bank account is connected.',
      });
  }, [banksQuery.data, access, verifyParam, reconnectParam, searchParams, setSearchParams, reconnect.start]);

  const verifyBank = banks.find((bank) => bank.id === verifyId) ?? null;

  const openInstant = () => {
    setChooserOpen(false);
    setVerifyId(null);
    instant.start();
  };
  const openManual = () => {
    setChooserOpen(false);
    setManualOpen(true);
  };

  const onMarkPrimary = (bank: BankAccountView) =>
    markPrimary.mutate(bank.id, {
      onSuccess: () =>
        notifications.show({
          color: 'teal',
          title: 'Primary bank updated',
          message: `${getBankName(bank)} ${formatMask(bank.accountMask)} is now your primary bank.`,
        }),
      onError: () =>
        notifications.show({ color: 'red', title: 'Not updated', message: MONEY_MESSAGES.markPrimaryFailed }),
    });

  const onConfirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: 'teal', title: 'Bank removed', message: 'Bank account removed.' });
        setDeleting(null);
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Not removed',
          message: messageOr(error, MONEY_MESSAGES.deleteBankFailed),
        }),
    });
  };

  let content: React.ReactNode;
  const failed = businessQuery.isError ? businessQuery : banksQuery.isError ? banksQuery : null;
  if (failed) {
    content = <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />;
  } else if (!access || (access.canRead && !banksQuery.data)) {
    content = <ListSkeleton />;
  } else if (!access.canRead) {
    content = (
      <Text size="sm" c="dimmed" role="note">
        {ACCESS_DENIED_MESSAGE}
      </Text>
    );
  } else if (banks.length === 0) {
    content = (
      <Paper withBorder radius="md" p="xl">
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
              <IconBuildingBank size={26} />
            </ThemeIcon>
            <Stack gap={2}>
              <Text fw={650}>{BANK_LIST_EMPTY}</Text>
              <Text size="sm" c="dimmed">
                Link a bank account to pay vendors and get paid by customers.
              </Text>
            </Stack>
          </Group>
          {canManage ? (
            <BankLinkChooser
              onInstant={openInstant}
              onManual={openManual}
              isInstantLoading={instant.isStarting}
              withTerms
              headingOrder={3}
            />
          ) : (
            <Text size="sm" c="dimmed" role="note">
              {MANAGE_REQUIRED_HINT}
            </Text>
          )}
        </Stack>
      </Paper>
    );
  } else {
    content = (
      <Stack component="ul" gap="sm" p={0} m={0} aria-label="Bank accounts">
        {banks.map((bank) => (
          <BankAccountRow
            key={bank.id}
            businessId={businessId}
            bank={bank}
            allBanks={banks}
            canManage={canManage}
            isSandbox={provider === 'sandbox'}
            isReconnecting={reconnect.pendingBankId === bank.id}
            isMarkingPrimary={markPrimary.isPending && markPrimary.variables === bank.id}
            onVerify={(target) => setVerifyId(target.id)}
            onReconnect={reconnect.start}
            onMarkPrimary={onMarkPrimary}
            onDelete={setDeleting}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack component="section" gap="md" aria-labelledby="bank-accounts-heading">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} fz="xl" id="bank-accounts-heading">
            Bank accounts
          </Title>
          <Text size="sm" c="dimmed">
            The accounts this business pays from and gets paid into.
          </Text>
        </Stack>
        {banks.length > 0 ? (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setChooserOpen(true)}
            disabled={!canManage}
            title={canManage ? undefined : MANAGE_REQUIRED_HINT}
          >
            Add bank account
          </Button>
        ) : null}
      </Group>
      {banks.length > 0 && access && !canManage ? (
        <Text size="sm" c="dimmed" role="note">
          {MANAGE_REQUIRED_HINT}
        </Text>
      ) : null}
      {content}

      <Dialog opened={chooserOpen} onClose={() => setChooserOpen(false)} title="Add a bank account">
        <BankLinkChooser
          onInstant={openInstant}
          onManual={openManual}
          isInstantLoading={instant.isStarting}
          withTerms
          headingOrder={3}
        />
      </Dialog>
      <AddBankAccountDialog
        businessId={businessId}
        opened={manualOpen}
        onClose={() => setManualOpen(false)}
        variant="settings"
      />
      <Dialog
        opened={linkBanks !== null}
        onClose={() => setLinkBanks(null)}
        title={LINK_ACCOUNTS_TITLE}
        size="lg"
        closeOnClickOutside={false}
      >
        {linkBanks ? (
          <LinkAccountsStep
            businessId={businessId}
            banks={linkBanks}
            onContinue={() => setLinkBanks(null)}
            continueLabel="Done"
          />
        ) : null}
      </Dialog>
      <MicroDepositDialog
        businessId={businessId}
        bank={verifyBank}
        opened={verifyBank !== null}
        onClose={() => setVerifyId(null)}
        onConnectInstantly={openInstant}
      />
      <DeleteBankDialog
        opened={deleting !== null}
        bankLabel={deleting ? `${getBankName(deleting)} ${formatMask(deleting.accountMask)}` : ''}
        isPending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={onConfirmDelete}
      />
      {instant.dialogs}
      {reconnect.dialogs}
    </Stack>
  );
};
