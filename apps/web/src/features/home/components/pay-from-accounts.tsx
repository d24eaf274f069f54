import { CARD_BRAND_LABELS, getBankDisplay, maskDots4, paths } from '@ferry/domain';
import { Anchor, Badge, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingBank, IconCreditCard } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { StatusBadge } from '@/components/status-badge';
import { useHomeBankAccounts, useHomeCards } from '../api/home-api';
import { FUNDING_LABELS, formatExpiry } from '../utils/account-display';
import { HomeSection } from './home-section';

export const NO_PAY_FROM_ACCOUNTS = 'No bank account linked yet. Link one to pay vendors from it.';

const AccountRow = ({
  icon,
  name,
  detail,
  badges,
}: {
  icon: ReactNode;
  name: string;
  detail: string;
  badges: ReactNode;
}) => (
  <Group component="li" justify="space-between" wrap="nowrap" gap="sm" py="sm">
    <Group gap="sm" wrap="nowrap" miw={0}>
      <ThemeIcon size={32} radius="md" variant="light" color="gray" aria-hidden>
        {icon}
      </ThemeIcon>
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600} truncate>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      </Stack>
    </Group>
    <Group gap={6} wrap="nowrap">
      {badges}
    </Group>
  </Group>
);

const PrimaryBadge = () => (
  <Badge size="sm" variant="outline" color="gray" radius="sm" tt="none">
    Primary
  </Badge>
);

/** The bank accounts and cards the business pays from, with masks and verification status. */
export const PayFromAccounts = ({ businessId, canManage }: { businessId: string; canManage: boolean }) => {
  const banks = useHomeBankAccounts(businessId, true);
  const cards = useHomeCards(businessId, true);
  let content: ReactNode;
  if (banks.isError) {
    content = <ErrorState error={banks.error} onRetry={() => void banks.refetch()} />;
  } else if (!banks.data || (!cards.data && !cards.isError)) {
    content = (
      <Stack gap="md" aria-busy="true" aria-label="Loading accounts">
        {[0, 1].map((row) => (
          <Group key={row} gap="sm" wrap="nowrap">
            <Skeleton height={32} width={32} radius="md" />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={12} width="60%" />
              <Skeleton height={10} width="35%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  } else if (banks.data.length === 0 && (cards.data ?? []).length === 0) {
    content = (
      <Stack gap="xs" py="xs" align="flex-start">
        <Text size="sm" c="dimmed">
          {NO_PAY_FROM_ACCOUNTS}
        </Text>
        {canManage ? (
          <Anchor component={Link} to={paths.settingsBankAccount(businessId)} size="sm" fw={600}>
            Link a bank account
          </Anchor>
        ) : null}
      </Stack>
    );
  } else {
    content = (
      <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
        {banks.data.map((bank) => {
          const badge = getBankDisplay(bank);
          return (
            <AccountRow
              key={bank.id}
              icon={<IconBuildingBank size={18} stroke={1.7} />}
              name={bank.bankDetails.name || bank.bankName}
              detail={`${bank.accountType === 'BUSINESS_SAVINGS' ? 'Savings' : 'Checking'} ${maskDots4(bank.accountMask)}`}
              badges={
                <>
                  {bank.isPrimary ? <PrimaryBadge /> : null}
                  <StatusBadge label={badge.badge} colour={badge.colour} />
                </>
              }
            />
          );
        })}
        {(cards.data ?? []).map((card) => (
          <AccountRow
            key={card.id}
            icon={<IconCreditCard size={18} stroke={1.7} />}
            name={`${CARD_BRAND_LABELS[card.brand]} ${maskDots4(card.cardMask)}`}
            detail={`${FUNDING_LABELS[card.funding]} · expires ${formatExpiry(card.expirationMonth, card.expirationYear)}`}
            badges={card.isPrimaryCard ? <PrimaryBadge /> : null}
          />
        ))}
      </Stack>
    );
  }
  return (
    <HomeSection
      id="home-pay-from"
      title="Pay from"
      link={{ label: 'Manage', href: paths.settingsBankAccount(businessId) }}
    >
      {content}
    </HomeSection>
  );
};
