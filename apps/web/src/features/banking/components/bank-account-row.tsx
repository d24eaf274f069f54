import { formatDate, paths } from '@ferry/domain';
import { Anchor, Badge, Box, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink, IconInfoCircle, IconStar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/status-badge';
import type { BankAccountView } from '../api/schemas';
import {
  canReconnect,
  formatAccountType,
  formatMask,
  getBankDisplay,
  getBankName,
} from '../utils/bank-status';
import { BankLogo } from './bank-logo';
import { ChartAccountSelect } from './link-accounts-step';

export const EXPIRED_TOOLTIP = 'The connection to this bank has expired. Reconnect it to keep using it.';

export type BankAccountRowProps = {
  businessId: string;
  bank: BankAccountView;
  allBanks: BankAccountView[];
  canManage: boolean;
  /** The deployment's bank-link provider is the sandbox: the sandbox statement link shows. */
  isSandbox: boolean;
  isReconnecting: boolean;
  isMarkingPrimary: boolean;
  onVerify: (bank: BankAccountView) => void;
  onReconnect: (bank: BankAccountView) => void;
  onMarkPrimary: (bank: BankAccountView) => void;
  onDelete: (bank: BankAccountView) => void;
};

/**
 * One bank of the list: logo, names, mask, type, primary and status badges with the spec's status texts
 * (spec 002 §4), micro-deposit progress, the chart account link, and the actions the member may take.
 */
export const BankAccountRow = ({
  businessId,
  bank,
  allBanks,
  canManage,
  isSandbox,
  isReconnecting,
  isMarkingPrimary,
  onVerify,
  onReconnect,
  onMarkPrimary,
  onDelete,
}: BankAccountRowProps) => {
  const display = getBankDisplay(bank);
  const name = getBankName(bank);
  const mask = formatMask(bank.accountMask);
  const label = `${name} ${mask}`.trim();
  const headingId = `bank-${bank.id}-name`;
  const isPendingDeposits = bank.isMicroDepositBank && bank.verificationStatus === 'PENDING';
  const reconnectable = canReconnect(bank);
  const canBePrimary = !bank.isPrimary && display.kind === 'verified';

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="lg"
      aria-labelledby={headingId}
      style={{ listStyle: 'none' }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <BankLogo name={name} logo={bank.bankDetails.logo} size={44} />
            <Stack gap={4}>
              <Group gap="xs">
                <Text id={headingId} fw={650} component="h3" m={0} fz="md">
                  {name}
                </Text>
                {bank.isPrimary ? (
                  <Badge
                    color="ferry"
                    variant="filled"
                    radius="sm"
                    tt="none"
                    leftSection={<IconStar size={11} aria-hidden />}
                  >
                    Primary
                  </Badge>
                ) : null}
                <StatusBadge label={display.badge} colour={display.colour} />
                {display.kind === 'expired' ? (
                  <Tooltip
                    label={EXPIRED_TOOLTIP}
                    withArrow
                    multiline
                    w={240}
                    events={{ hover: true, focus: true, touch: true }}
                  >
                    <Box
                      component="span"
                      tabIndex={0}
                      aria-label={EXPIRED_TOOLTIP}
                      style={{ display: 'inline-flex' }}
                    >
                      <IconInfoCircle size={16} aria-hidden color="var(--mantine-color-red-7)" />
                    </Box>
                  </Tooltip>
                ) : null}
              </Group>
              <Text size="sm" c="dimmed">
                {[bank.accountName, mask, formatAccountType(bank)].filter(Boolean).join(' · ')}
              </Text>
              {bank.accountProvider === 'USER' ? (
                <Text size="xs" c="dimmed">
                  Added manually{bank.reconnectFailed ? ' (reconnect failed: treated as a manual bank)' : ''}
                </Text>
              ) : bank.reconnectFailed ? (
                <Text size="xs" c="dimmed">
                  Reconnect failed: treated as a manually added bank until it is reconnected.
                </Text>
              ) : null}
            </Stack>
          </Group>
          <Group gap="xs" justify="flex-end">
            {bank.shouldVerifyWithCode && canManage ? (
              <Button size="xs" onClick={() => onVerify(bank)} aria-label={`Verify deposits for ${label}`}>
                Verify deposits
              </Button>
            ) : null}
            {reconnectable && canManage ? (
              <Button
                size="xs"
                variant="light"
                onClick={() => onReconnect(bank)}
                loading={isReconnecting}
                aria-label={`Reconnect ${label}`}
              >
                Reconnect
              </Button>
            ) : null}
            {canBePrimary && canManage ? (
              <Button
                size="xs"
                variant="default"
                onClick={() => onMarkPrimary(bank)}
                loading={isMarkingPrimary}
                aria-label={`Mark as primary ${label}`}
              >
                Mark as primary
              </Button>
            ) : null}
            {canManage ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => onDelete(bank)}
                aria-label={`Delete ${label}`}
              >
                Delete
              </Button>
            ) : null}
          </Group>
        </Group>

        {display.message ? (
          <Group gap={6} wrap="nowrap" align="flex-start">
            {display.colour === 'red' ? (
              <IconAlertTriangle size={16} color="var(--mantine-color-red-7)" aria-hidden />
            ) : null}
            <Text size="sm" c={display.colour === 'red' ? 'red.8' : undefined}>
              {display.message}
            </Text>
          </Group>
        ) : null}
        {display.kind === 'expired' ? (
          <Text size="sm" c="red.8">
            {EXPIRED_TOOLTIP}{' '}
            <Anchor
              component={Link}
              to={`${paths.settingsBankAccount(businessId)}?reconnect=${encodeURIComponent(bank.id)}`}
              size="sm"
            >
              Reconnect
            </Anchor>
          </Text>
        ) : null}

        {isPendingDeposits ? (
          <Stack gap={2}>
            {bank.microDeposit?.state === 'SCHEDULED' && bank.microDeposit.expectedBy ? (
              <Text size="sm">
                Two small deposits are on their way; expected by {formatDate(bank.microDeposit.expectedBy)}.
              </Text>
            ) : null}
            {bank.shouldVerifyWithCode ? (
              <Text size="sm">The deposits have arrived: enter the two amounts to verify this account.</Text>
            ) : null}
            {bank.microDeposit?.expiresAt && bank.shouldVerifyWithCode ? (
              <Text size="xs" c="dimmed">
                The amounts can be entered until {formatDate(bank.microDeposit.expiresAt)}.
              </Text>
            ) : null}
            {bank.verifyAttemptRemains !== null ? (
              <Text size="sm" c="dimmed">
                Verification attempts left: {bank.verifyAttemptRemains}
              </Text>
            ) : null}
            {isSandbox ? (
              <Anchor
                component={Link}
                to={`/sandbox/bank?accountId=${encodeURIComponent(bank.id)}`}
                size="sm"
                target="_blank"
                rel="noopener"
                w="fit-content"
              >
                <Group gap={4} component="span">
                  View sandbox bank statement
                  <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            ) : null}
          </Stack>
        ) : null}

        <ChartAccountSelect businessId={businessId} bank={bank} allBanks={allBanks} disabled={!canManage} />
      </Stack>
    </Paper>
  );
};
