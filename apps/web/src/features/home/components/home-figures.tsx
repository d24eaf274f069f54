import { formatDate, paths } from '@ferry/domain';
import {
  Anchor,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowRight,
  IconCalendarDue,
  IconSend,
  type TablerIcon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { useHomeDueSummary, useHomePaymentsSummary } from '../api/home-api';
import type { HomeAccess } from '../utils/home-access';
import { billsTabFiltered, countOf, money, moneySum } from '../utils/home-format';

type FigureProps = {
  id: string;
  label: string;
  icon: TablerIcon;
  colour: string;
  /** null while loading (a skeleton). */
  amount: string | null;
  detail: ReactNode;
  link: { label: string; href: string };
  /** The amount in the label's colour (overdue money in red). */
  emphasise?: boolean;
};

const Figure = ({ id, label, icon: Icon, colour, amount, detail, link, emphasise }: FigureProps) => (
  <Paper component="article" withBorder radius="lg" p="lg" bg="white" aria-labelledby={id}>
    <Stack gap="sm" h="100%" justify="space-between">
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon size={28} radius="md" variant="light" color={colour} aria-hidden>
            <Icon size={16} stroke={1.8} />
          </ThemeIcon>
          <Title order={3} fz="sm" fw={600} c="dimmed" id={id}>
            {label}
          </Title>
        </Group>
        {amount === null ? (
          <Stack gap={6} aria-busy="true" aria-label={`Loading ${label.toLowerCase()}`}>
            <Skeleton height={30} width="55%" />
            <Skeleton height={12} width="40%" />
          </Stack>
        ) : (
          <>
            <Text fz={28} fw={700} lts="-0.01em" c={emphasise ? `${colour}.8` : undefined}>
              {amount}
            </Text>
            <Text size="sm" c="dimmed">
              {detail}
            </Text>
          </>
        )}
      </Stack>
      <Anchor component={Link} to={link.href} size="sm" fw={600}>
        <Group gap={4} wrap="nowrap" component="span">
          {link.label}
          <IconArrowRight size={14} aria-hidden />
        </Group>
      </Anchor>
    </Stack>
  </Paper>
);

/**
 * The figures a business owner opens the app for: bills overdue and due this week (count and total,
 * each opening the Bills tab with that filter) and the money scheduled to go out (scheduled and
 * processing payments), as each member may read them.
 */
export const HomeFigures = ({ businessId, access }: { businessId: string; access: HomeAccess }) => {
  const bills = useHomeDueSummary(businessId, access.canReadBills);
  const payments = useHomePaymentsSummary(businessId, access.canReadPayments);
  if (!access.canReadBills && !access.canReadPayments) return null;
  const billsDue = paths.billsDue(businessId);
  const due = bills.data;
  const out = payments.data;
  const goingOut = out ? out.scheduled.total + out.processing.total : 0;

  return (
    <section aria-labelledby="home-figures-title">
      <VisuallyHidden>
        <h2 id="home-figures-title">At a glance</h2>
      </VisuallyHidden>
      <Stack gap="sm">
        {bills.isError ? <ErrorState error={bills.error} onRetry={() => void bills.refetch()} /> : null}
        {payments.isError ? (
          <ErrorState error={payments.error} onRetry={() => void payments.refetch()} />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {access.canReadBills && !bills.isError ? (
            <>
              <Figure
                id="home-overdue"
                label="Overdue bills"
                icon={IconAlertCircle}
                colour="red"
                emphasise={(due?.overdue.total ?? 0) > 0}
                amount={due ? money(due.overdue.amount) : null}
                detail={
                  due
                    ? due.overdue.total === 0
                      ? `Nothing overdue as of ${formatDate(due.today)}`
                      : `${countOf(due.overdue.total, 'bill', 'bills')} past the due date`
                    : null
                }
                link={{ label: 'Review overdue bills', href: billsTabFiltered(billsDue, 'OVERDUE') }}
              />
              <Figure
                id="home-due-week"
                label="Due this week"
                icon={IconCalendarDue}
                colour="yellow"
                amount={due ? money(due.dueInNext7Days.amount) : null}
                detail={
                  due ? `${countOf(due.dueInNext7Days.total, 'bill', 'bills')} due in the next 7 days` : null
                }
                link={{ label: 'See bills due soon', href: billsTabFiltered(billsDue, 'DUE_IN_7_DAYS') }}
              />
            </>
          ) : null}
          {access.canReadPayments && !payments.isError ? (
            <Figure
              id="home-going-out"
              label="Scheduled to go out"
              icon={IconSend}
              colour="blue"
              amount={out ? moneySum([out.scheduled.amount, out.processing.amount]) : null}
              detail={
                out ? (
                  <>
                    {countOf(goingOut, 'payment', 'payments')} scheduled or processing
                    {out.attentionRequired.total > 0 ? (
                      <Text component="span" size="sm" c="red.8" fw={600} display="block">
                        {countOf(out.attentionRequired.total, 'payment needs', 'payments need')} attention
                      </Text>
                    ) : null}
                  </>
                ) : null
              }
              link={{ label: 'View payments', href: paths.billPayments(businessId) }}
            />
          ) : null}
        </SimpleGrid>
      </Stack>
    </section>
  );
};
