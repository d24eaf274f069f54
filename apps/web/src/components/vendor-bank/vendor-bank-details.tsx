import { BANK_ACCOUNT_TYPES, MONEY_MESSAGES, maskLast4, type StatusColour } from '@ferry/domain';
import { Alert, Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingBank, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { QueryStateBlock } from '@/components/query-state-block';
import { StatusBadge } from '@/components/status-badge';
import { AddBankDetailsDialog } from './add-bank-details-dialog';
import { ManualEntryWarningDialog } from './manual-entry-warning-dialog';
import {
  getPrimaryBankId,
  PRIMARY_BANK_UPDATED_MESSAGE,
  useMarkVendorBankPrimary,
  useVendorBanks,
  type VendorBank,
} from './vendor-bank-api';

export const MANAGED_BY_VENDOR_NOTICE =
  'This vendor is on Ferry and manages their own bank details. Their bank details are not shown to you.';
export const NO_BANK_DETAILS_TEXT = 'No bank details added yet.';

const BADGE_COLOURS: Record<VendorBank['badge'], StatusColour> = {
  Verified: 'green',
  'Under Review': 'amber',
  Invalid: 'red',
};

const TYPE_LABELS: Record<string, string> = Object.fromEntries(
  BANK_ACCOUNT_TYPES.map((t) => [t.value, t.label]),
);

export type VendorBankDetailsProps = {
  businessId: string;
  vendorId: string;
  /** Manage vendors: without it adding a bank and changing the primary bank are disabled. */
  canManage: boolean;
  /** The vendor is linked to a business on Ferry: its bank details are hidden and managed by the vendor. */
  managedByVendor: boolean;
};

type BankRowProps = {
  bank: VendorBank;
  isPrimary: boolean;
  canManage: boolean;
  marking: boolean;
  onMarkPrimary: () => void;
};

const BankRow = ({ bank, isPrimary, canManage, marking, onMarkPrimary }: BankRowProps) => (
  <Group
    justify="space-between"
    wrap="nowrap"
    gap="sm"
    role="listitem"
    aria-label={`${bank.bankName} ${maskLast4(bank.accountMask)}`}
  >
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <ThemeIcon variant="light" color="gray" radius="md" size={36} aria-hidden>
        <IconBuildingBank size={20} />
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Text fw={600} size="sm" truncate="end">
            {bank.bankName}
          </Text>
          <StatusBadge label={bank.badge} colour={BADGE_COLOURS[bank.badge]} />
          {isPrimary ? (
            <Badge variant="filled" color="blue" radius="sm" tt="none" size="sm">
              Primary
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {TYPE_LABELS[bank.accountType] ?? bank.accountType} · {maskLast4(bank.accountMask)}
        </Text>
      </Stack>
    </Group>
    {isPrimary ? null : (
      <Button
        variant="subtle"
        size="xs"
        onClick={onMarkPrimary}
        disabled={!canManage || marking}
        aria-label={`Mark ${bank.bankName} ${maskLast4(bank.accountMask)} as primary`}
      >
        Mark as primary
      </Button>
    )}
  </Group>
);

/**
 * The bank section of a vendor (spec 002 §2, §4): the vendor's banks with their masks, status badges and
 * primary marker, 'Mark as primary', and 'Add bank details' through the manual-entry warning and the Add
 * Bank Details dialog. For a vendor on the network only a notice is shown.
 */
export const VendorBankDetails = ({
  businessId,
  vendorId,
  canManage,
  managedByVendor,
}: VendorBankDetailsProps) => {
  const ref = { businessId, vendorId };
  const query = useVendorBanks(ref, !managedByVendor);
  const markPrimary = useMarkVendorBankPrimary(ref);
  const [step, setStep] = useState<'none' | 'warning' | 'form'>('none');
  const titleId = useId();

  const hiddenFromPayer = managedByVendor || query.data?.managedByVendor === true;
  const banks = query.data?.items ?? [];
  const primaryId = getPrimaryBankId(banks);

  const handleMarkPrimary = async (bank: VendorBank) => {
    try {
      await markPrimary.mutateAsync(bank.id);
      notifications.show({ color: 'teal', title: 'Primary bank', message: PRIMARY_BANK_UPDATED_MESSAGE });
    } catch {
      notifications.show({ color: 'red', title: 'Primary bank', message: MONEY_MESSAGES.markPrimaryFailed });
    }
  };

  let body: ReactNode;
  if (hiddenFromPayer) {
    body = (
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
        {MANAGED_BY_VENDOR_NOTICE}
      </Alert>
    );
  } else {
    body = (
      <QueryStateBlock
        query={query}
        loadingLabel="Loading bank details"
        isEmpty={banks.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {NO_BANK_DETAILS_TEXT}
          </Text>
        }
      >
        <Stack gap="sm" role="list" aria-label="Bank accounts">
          {banks.map((bank) => (
            <BankRow
              key={bank.id}
              bank={bank}
              isPrimary={bank.id === primaryId}
              canManage={canManage}
              marking={markPrimary.isPending}
              onMarkPrimary={() => void handleMarkPrimary(bank)}
            />
          ))}
        </Stack>
      </QueryStateBlock>
    );
  }

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={3} fz="lg" id={titleId}>
            Bank Details
          </Title>
          {hiddenFromPayer ? null : (
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={!canManage || !query.isSuccess}
              onClick={() => setStep('warning')}
            >
              Add bank details
            </Button>
          )}
        </Group>
        {body}
      </Stack>
      <ManualEntryWarningDialog
        opened={step === 'warning'}
        onBack={() => setStep('none')}
        onProceed={() => setStep('form')}
      />
      <AddBankDetailsDialog
        opened={step === 'form'}
        onClose={() => setStep('none')}
        businessId={businessId}
        vendorId={vendorId}
      />
    </Paper>
  );
};
