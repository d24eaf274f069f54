import { formatDate, formatDateTime, formatMoney } from '@ferry/domain';
import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingBank, IconClockPlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { ErrorState } from '@/components/error-state';
import { SandboxFrame } from '@/components/sandbox-frame';
import { getErrorMessage } from '@/lib/api-error';
import { useAdvanceSandboxClock, useSandboxStatement } from '../api/sandbox';
import type { SandboxStatement } from '../api/schemas';
import { formatMask } from '../utils/bank-status';

/** The frame of the sandbox bank: deliberately not Ferry's look, with a test-mode notice. */
const SandboxBankFrame = ({ children }: { children: ReactNode }) => (
  <SandboxFrame
    icon={<IconBuildingBank size={18} />}
    name="Sandbox Bank"
    headerSize="md"
    contentSize="md"
    noticeTitle="This is a test bank"
    notice="It stands in for your bank's online banking in the sandbox: the deposits Ferry sends to verify a bank account show here. Move the sandbox clock forward to let them arrive."
  >
    {children}
  </SandboxFrame>
);

/** '+ $0.07' for a credit, '− $0.39' for a debit. */
const formatSigned = (cents: number): string => {
  const formatted = formatMoney(Math.abs(cents));
  return cents < 0 ? `− ${formatted}` : `+ ${formatted}`;
};

const Transactions = ({ statement }: { statement: SandboxStatement }) =>
  statement.transactions.length === 0 ? (
    <Text size="sm" c="dimmed" ta="center" py="lg">
      No transactions yet.
    </Text>
  ) : (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Transactions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Description</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col" ta="right">
              Amount
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {statement.transactions.map((transaction) => {
            const value = transaction.amountCents;
            return (
              <Table.Tr key={transaction.id}>
                <Table.Td>{transaction.postedAt ? formatDate(transaction.postedAt) : '—'}</Table.Td>
                <Table.Td>{transaction.description}</Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    radius="sm"
                    tt="none"
                    color={transaction.status === 'POSTED' ? 'teal' : 'yellow'}
                  >
                    {transaction.status === 'POSTED' ? 'Posted' : 'Pending'}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right" ff="monospace" c={value < 0 ? 'red.8' : 'teal.8'} fw={600}>
                  {formatSigned(transaction.amountCents)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

/**
 * `/sandbox/bank?accountId=` (sandbox only): what the sandbox bank shows for an account Ferry verifies with
 * micro-deposits: pending and posted transactions (+ credit, − debit), the sandbox date, and buttons that
 * move the sandbox clock by 1 or 3 business days (`POST /sandbox/clock/advance`) and refresh.
 */
export const SandboxBankStatementPage = () => {
  const [searchParams] = useSearchParams();
  const accountId = searchParams.get('accountId') ?? '';
  const statement = useSandboxStatement(accountId);
  const advance = useAdvanceSandboxClock();

  const move = (businessDays: number) =>
    advance.mutate(businessDays, {
      onSuccess: (clock) =>
        notifications.show({
          color: 'teal',
          title: 'Sandbox clock moved',
          message: `It is now ${formatDateTime(clock.now)} at the sandbox bank${
            clock.settled ? `; ${clock.settled} transfer${clock.settled === 1 ? '' : 's'} settled` : ''
          }.`,
        }),
    });

  let content: ReactNode;
  if (!accountId) {
    content = (
      <ErrorAlert>
        This page needs an account: open it from a bank account in Settings › Bank accounts.
      </ErrorAlert>
    );
  } else if (statement.isError) {
    content = <ErrorState error={statement.error} onRetry={() => void statement.refetch()} />;
  } else if (!statement.data) {
    content = (
      <Paper withBorder radius="md" p="lg" aria-busy="true" aria-label="Loading the statement">
        <Skeleton height={20} width="40%" mb="md" />
        <Skeleton height={14} mb="xs" />
        <Skeleton height={14} mb="xs" />
        <Skeleton height={14} />
      </Paper>
    );
  } else {
    const data = statement.data;
    content = (
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg" bg="white">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Title order={1} fz="h3">
                {data.bankName}
              </Title>
              <Text size="sm" c="dimmed">
                Business checking {formatMask(data.accountMask)}
              </Text>
            </Stack>
            <Stack gap={2} align="flex-end">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Sandbox date
              </Text>
              <Text fw={600} data-testid="sandbox-now">
                {formatDateTime(data.now)}
              </Text>
            </Stack>
          </Group>
        </Paper>
        <Paper withBorder radius="md" p="lg" bg="white">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} fz="lg">
                Transactions
              </Title>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconClockPlay size={14} aria-hidden />}
                  onClick={() => move(1)}
                  loading={advance.isPending && advance.variables === 1}
                  disabled={advance.isPending}
                >
                  Advance 1 business day
                </Button>
                <Button
                  size="xs"
                  color="dark"
                  leftSection={<IconClockPlay size={14} aria-hidden />}
                  onClick={() => move(3)}
                  loading={advance.isPending && advance.variables === 3}
                  disabled={advance.isPending}
                >
                  Advance 3 business days
                </Button>
              </Group>
            </Group>
            {advance.isError ? <ErrorAlert>{getErrorMessage(advance.error)}</ErrorAlert> : null}
            <Transactions statement={data} />
          </Stack>
        </Paper>
      </Stack>
    );
  }

  return <SandboxBankFrame>{content}</SandboxBankFrame>;
};
