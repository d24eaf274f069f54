import { formatDate, getPaymentStatusDisplay, paths } from '@ferry/domain';
import { Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { StatusBadge } from '@/components/status-badge';
import { useRecentPayments } from '../api/home-api';
import { money } from '../utils/home-format';
import classes from './home.module.css';
import { HomeSection } from './home-section';

export const NO_PAYMENTS_YET = 'No payments yet. Payments you schedule show here with their status.';

/** The last few payments with vendor, bill, date, amount and status; each opens the payment. */
export const RecentPayments = ({ businessId }: { businessId: string }) => {
  const query = useRecentPayments(businessId, true);
  let content: React.ReactNode;
  if (query.isError) {
    content = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    content = (
      <Stack gap="md" aria-busy="true" aria-label="Loading recent payments">
        {[0, 1, 2].map((row) => (
          <Group key={row} justify="space-between">
            <Stack gap={6} w="50%">
              <Skeleton height={14} width="70%" />
              <Skeleton height={10} width="50%" />
            </Stack>
            <Skeleton height={20} width={90} />
          </Group>
        ))}
      </Stack>
    );
  } else if (query.data.items.length === 0) {
    content = (
      <Text size="sm" c="dimmed" py="md">
        {NO_PAYMENTS_YET}
      </Text>
    );
  } else {
    content = (
      <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
        {query.data.items.map((payment, index) => {
          const display = getPaymentStatusDisplay(payment.status, { side: 'pay' });
          return (
            <li
              key={payment.id}
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
            >
              <UnstyledButton
                component={Link}
                to={paths.billPaymentDetail(businessId, payment.id)}
                display="block"
                py="sm"
                px="xs"
                mx="calc(-1 * var(--mantine-spacing-xs))"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
                className={classes.row}
              >
                <Group justify="space-between" wrap="nowrap" gap="md">
                  <Stack gap={2} miw={0}>
                    <Text fw={600} size="sm" truncate>
                      {payment.vendor.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {payment.bill.refNo} · {display.dateLabel} {formatDate(payment.date)}
                    </Text>
                  </Stack>
                  <Group gap="md" wrap="nowrap">
                    <Text fw={600} size="sm" ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {money(payment.totalAmount)}
                    </Text>
                    {/* A fixed slot, so that the amounts line up whatever the status's length. */}
                    <Group w={112} justify="flex-end" wrap="nowrap">
                      <StatusBadge label={display.label} colour={display.colour} />
                    </Group>
                  </Group>
                </Group>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
    );
  }
  return (
    <HomeSection
      id="home-recent-payments"
      title="Recent payments"
      link={{ label: 'All payments', href: paths.billPayments(businessId) }}
    >
      {content}
    </HomeSection>
  );
};
