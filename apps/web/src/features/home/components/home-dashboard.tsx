import { Grid, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconReceipt2 } from '@tabler/icons-react';
import { useHomeDueSummary, useRecentPayments } from '../api/home-api';
import type { HomeAccess } from '../utils/home-access';
import { CashFlowCard } from './cash-flow';
import { HomeFigures } from './home-figures';
import { PayFromAccounts } from './pay-from-accounts';
import { QuickActions } from './quick-actions';
import { RecentPayments } from './recent-payments';

export const EMPTY_HOME_TITLE = 'No bills to pay yet';
export const EMPTY_HOME_TEXT =
  'Add the bills you need to pay and the vendors you pay. Ferry shows here what is overdue, what is due this week and what is on its way out.';

/** A business with no open bills and no payments: what to do first, with the actions the member may take. */
const EmptyHome = ({ businessId, access }: { businessId: string; access: HomeAccess }) => (
  <Paper component="section" withBorder radius="lg" p="xl" bg="white" aria-labelledby="home-empty-title">
    <Stack gap="md" align="center" ta="center" py="md">
      <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
        <IconReceipt2 size={26} stroke={1.6} />
      </ThemeIcon>
      <Stack gap={4} maw={520}>
        <Title order={2} fz="lg" id="home-empty-title">
          {EMPTY_HOME_TITLE}
        </Title>
        <Text size="sm" c="dimmed">
          {EMPTY_HOME_TEXT}
        </Text>
      </Stack>
      <QuickActions businessId={businessId} access={access} nothingToPay />
    </Stack>
  </Paper>
);

/**
 * Whether the business has nothing to pay yet: no open bills and no payments (as far as the member may
 * read them). Read from the dashboard's own queries (cached: asking twice costs nothing).
 */
export const useIsHomeEmpty = (businessId: string, access: HomeAccess): boolean => {
  const bills = useHomeDueSummary(businessId, access.canReadBills);
  const payments = useRecentPayments(businessId, access.canReadPayments);
  const noBills = access.canReadBills && bills.data?.totalOutstanding.total === 0;
  const noPayments = !access.canReadPayments || payments.data?.items.length === 0;
  return noBills && noPayments;
};

/**
 * The home dashboard under the setup checklist: the figures (overdue, due this week, going out), the
 * cash flow of the next 8 weeks, recent payments and the accounts the business pays from, each as far as the member may read it. A business
 * with nothing to pay yet sees a friendly start instead of empty figures.
 */
export const HomeDashboard = ({ businessId, access }: { businessId: string; access: HomeAccess }) => {
  const isEmpty = useIsHomeEmpty(businessId, access);
  const showSide = access.canReadPaymentMethods;
  const showPayments = access.canReadPayments && !isEmpty;

  return (
    <Stack gap="lg">
      {isEmpty ? (
        <EmptyHome businessId={businessId} access={access} />
      ) : (
        <HomeFigures businessId={businessId} access={access} />
      )}
      <CashFlowCard businessId={businessId} access={access} />
      {showPayments || showSide ? (
        <Grid gap="lg">
          {showPayments ? (
            <Grid.Col span={{ base: 12, md: showSide ? 7 : 12 }}>
              <RecentPayments businessId={businessId} />
            </Grid.Col>
          ) : null}
          {showSide ? (
            <Grid.Col span={{ base: 12, md: showPayments ? 5 : 12 }}>
              <PayFromAccounts businessId={businessId} canManage={access.canManagePaymentMethods} />
            </Grid.Col>
          ) : null}
        </Grid>
      ) : null}
    </Stack>
  );
};
