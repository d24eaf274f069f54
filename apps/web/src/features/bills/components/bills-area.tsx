import { ACCESS_DENIED_MESSAGE, defineAbilityFor, paths } from '@ferry/domain';
import { Alert, Badge, Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconLock, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useApprovalOverview } from '@/components/pay/pay-api';
import { useBusinessAccess } from '@/lib/business-access';
import type { Business } from '@/lib/businesses';
import { useDueBillsSummary } from '../api/bills-api';
import { canManageBills } from '../utils/access';

export type BillsTab = 'payment-request' | 'due' | 'payment/list' | 'approvals';

interface TabDefinition {
  value: BillsTab;
  label: string;
  href: (businessId: string) => string;
  /** Spec 002 §6 'Tabs': the read permission that shows the tab. */
  canSee: (business: Business) => boolean;
}

const can = (business: Business) => defineAbilityFor(business.permissions);

export const BILLS_TABS: TabDefinition[] = [
  {
    value: 'payment-request',
    label: 'For Review',
    href: paths.billsForReview,
    canSee: (business) =>
      can(business).can('read', 'PayInbox') || can(business).can('read', 'PayPaymentRequest'),
  },
  {
    value: 'due',
    label: 'Bills',
    href: paths.billsDue,
    canSee: (business) => can(business).can('read', 'PayDueBill'),
  },
  {
    value: 'payment/list',
    label: 'Payments',
    href: paths.billPayments,
    canSee: (business) => can(business).can('read', 'PayPayments'),
  },
  {
    value: 'approvals',
    label: 'Approvals',
    href: paths.billApprovals,
    canSee: (business) => can(business).can('read', 'PayApproveAndPayBills'),
  },
];

const tabOf = (pathname: string): BillsTab | null => {
  if (/\/bills\/payment-request\/?$/.test(pathname)) return 'payment-request';
  if (/\/bills\/due\/?$/.test(pathname)) return 'due';
  if (/\/bills\/payment\/list\/?$/.test(pathname)) return 'payment/list';
  if (/\/bills\/approvals\/?$/.test(pathname)) return 'approvals';
  return null;
};

/**
 * The bills area `/b/{id}/bills` (spec 002 §2): the page title with 'Create bill', and the tabs For
 * Review, Bills (with the open-bills count badge), Payments and Approvals (issue 18, with the count of
 * payments awaiting the member's approval), each shown only with its read permission (§6). The tab's
 * page renders below (`children`); a tab the member may not read says so instead.
 */
export function BillsArea({
  children,
  headerActions,
  banner,
}: {
  children: ReactNode;
  /** More header buttons, given by the app (the accounting sync button). */
  headerActions?: ReactNode;
  /** A notice above the tabs, given by the app (the accounting 'Connect Now' banner). */
  banner?: ReactNode;
}) {
  const { businessId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const businessQuery = useBusinessAccess(businessId);
  const business = businessQuery.data;
  const canReadDue = business ? can(business).can('read', 'PayDueBill') : false;
  const summaryQuery = useDueBillsSummary(businessId, { enabled: canReadDue });
  const canReadApprovals = business ? can(business).can('read', 'PayApproveAndPayBills') : false;
  const overviewQuery = useApprovalOverview(businessId, canReadApprovals);
  const active = tabOf(pathname);

  if (!business) return <PageLoader label="Loading bills" />;
  const visible = BILLS_TABS.filter((tab) => tab.canSee(business));
  // The area's own path (no tab yet) renders its index, which opens the first readable tab.
  const allowed = active === null || visible.some((tab) => tab.value === active);
  const openTotal = summaryQuery.data?.totalOutstanding.total;
  const awaitingTotal = overviewQuery.data?.awaitingYourApproval.total ?? 0;
  const badgeOf = (tab: BillsTab): ReactNode => {
    if (tab === 'due' && openTotal !== undefined) {
      return (
        <Badge size="sm" variant="light" circle={openTotal < 10} aria-label={`${openTotal} open bills`}>
          {openTotal}
        </Badge>
      );
    }
    if (tab === 'approvals' && awaitingTotal > 0) {
      return (
        <Badge
          size="sm"
          variant="light"
          color="yellow"
          c="yellow.9"
          circle={awaitingTotal < 10}
          aria-label={`${awaitingTotal} awaiting your approval`}
        >
          {awaitingTotal}
        </Badge>
      );
    }
    return null;
  };

  return (
    <Stack gap="xl" maw={1120}>
      <Group justify="space-between" align="flex-end" gap="md">
        <Title order={1} fz={30} lts="-0.02em">
          Bills
        </Title>
        <Group gap="sm">
          {headerActions}
          {canManageBills(business) ? (
            <Button
              component={Link}
              to={paths.billCreate(businessId)}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              Create bill
            </Button>
          ) : null}
        </Group>
      </Group>
      {banner}
      {visible.length > 0 ? (
        <Tabs
          value={active !== null && allowed ? active : null}
          onChange={(value) => {
            const tab = BILLS_TABS.find((candidate) => candidate.value === value);
            if (tab) void navigate(tab.href(businessId));
          }}
          keepMounted={false}
        >
          <Tabs.List aria-label="Bills areas">
            {visible.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value} rightSection={badgeOf(tab.value)}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      ) : null}
      {allowed ? (
        children
      ) : (
        <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} role="status">
          {ACCESS_DENIED_MESSAGE}
        </Alert>
      )}
    </Stack>
  );
}

/** `/b/{id}/bills`: the first tab the member may read (For Review, Bills, Payments, then Approvals). */
export function BillsAreaIndex() {
  const { businessId = '' } = useParams();
  const businessQuery = useBusinessAccess(businessId);
  const business = businessQuery.data;
  if (!business) return <PageLoader label="Loading bills" />;
  // Without any tab the area says so on the Bills tab.
  const first = BILLS_TABS.find((tab) => tab.canSee(business));
  return <Navigate to={first ? first.href(businessId) : paths.billsDue(businessId)} replace />;
}
