import {
  ACCESS_DENIED_MESSAGE,
  type ApprovePaymentItem,
  defineAbilityFor,
  PAYMENT_LIMITS,
  paths,
} from '@ferry/domain';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  CloseButton,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLock, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { type DataTableColumn, QueryDataTable, type SortState, useTableState } from '@/components/data-table';
import { ErrorState } from '@/components/error-state';
import { useApprovalOverview } from '@/components/pay/pay-api';
import { useBusinessAccess } from '@/lib/business-access';
import { useGuidedTour } from '@/lib/guided-tour';
import {
  APPROVAL_VIEWS,
  type ApprovalSortKey,
  type ApprovalView,
  useApprovalList,
} from '../api/approvals-api';
import { approvalColumns } from './approval-columns';
import { ApprovalDelegationCard } from './approval-delegation-card';
import { APPROVAL_VIEW_CARDS, ApprovalSummaryCards } from './approval-summary-cards';
import { APPROVALS_TOUR_STEPS, APPROVALS_TOUR_TARGETS } from './approvals-tour';
import { BulkApproveDialog } from './bulk-approve-dialog';

/** Spec 002 §5: a search input waits 300 ms. */
export const SEARCH_DEBOUNCE_MS = 300;

export const APPROVALS_EMPTY: Record<ApprovalView, string> = {
  'awaiting-you': 'You’re all caught up!',
  'awaiting-others': 'No payments are waiting for other approvers.',
  approved: 'No approved payments yet.',
  rejected: 'No rejected payments.',
};
export const APPROVALS_TEXT = {
  noApprovalsYet: 'No payment has needed approval yet.',
  noApprovalsBody: 'Set up an approval workflow to decide who approves which bills before they are paid.',
  createWorkflow: 'Create an approval workflow',
  noMatches: 'No payments match this search.',
} as const;

/** Spec 001 §9: approval lists newest first. */
const DEFAULT_SORT: SortState<ApprovalSortKey> = { by: 'submittedAt', order: 'desc' };

/** Rows 'Approve selected' may approve: the member's own turn, no bypass (the bulk call never bypasses). */
const canBulkApprove = (item: ApprovePaymentItem) =>
  item.approval.viewer.state === 'APPROVAL_ALLOWED' || item.approval.viewer.state === 'FINAL_APPROVAL';

const viewOf = (value: string | null): ApprovalView =>
  APPROVAL_VIEWS.find((view) => view === value) ?? 'awaiting-you';

/**
 * `/b/{id}/bills/approvals`, the Approvals tab (issue 18; spec 001 §7 'Approval actions', §9): the counts
 * (summary cards), the views Awaiting your approval (default), Awaiting others, Approved and Rejected,
 * each a server-paged, sorted list with vendor search; a row opens the payment (its approval panel).
 * In 'Awaiting your approval', the rows the member may approve can be ticked and approved together.
 * A member who can approve names a delegate there for while they are away ('Away from work?').
 * The approvals tour (spec 002 §2) starts once the counts and the list have loaded.
 */
export function ApprovalsPage() {
  const { businessId = '' } = useParams();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const view = viewOf(searchParams.get('view'));
  const businessQuery = useBusinessAccess(businessId);
  const ability = businessQuery.data ? defineAbilityFor(businessQuery.data.permissions) : null;
  const canView = ability?.can('read', 'PayApproveAndPayBills') ?? false;
  const canApprove = ability?.can('manage', 'PayApproveAndPayBills') ?? false;
  const canCreatePolicy = ability?.can('manage', 'PaymentApproval') ?? false;

  const { pagination, sort, onSort, filters, setFilter, params } = useTableState({
    defaultSort: DEFAULT_SORT,
    filters: { search: '' },
  });
  const [vendorName] = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const overviewQuery = useApprovalOverview(businessId, canView);
  const listQuery = useApprovalList(businessId, { ...params, view, vendorName }, canView);
  const [selected, setSelected] = useState<Map<string, ApprovePaymentItem>>(() => new Map());
  // The dialog keeps the payments it opened with (while it closes, too).
  const [bulkPayments, setBulkPayments] = useState<ApprovePaymentItem[]>([]);
  const [bulkOpen, setBulkOpen] = useState(false);
  useGuidedTour({
    tour: 'approvals',
    steps: APPROVALS_TOUR_STEPS,
    enabled: canView && overviewQuery.isSuccess && listQuery.isSuccess,
  });

  if (businessQuery.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading approvals">
        <Loader size="sm" type="dots" aria-hidden />
      </Center>
    );
  }
  if (businessQuery.isError) {
    return <ErrorState error={businessQuery.error} onRetry={() => void businessQuery.refetch()} />;
  }
  if (!canView) {
    return (
      <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} role="alert">
        {ACCESS_DENIED_MESSAGE}
      </Alert>
    );
  }

  const selectView = (next: ApprovalView) => {
    if (next === view) return;
    setSelected(new Map());
    pagination.reset();
    setSearchParams(next === 'awaiting-you' ? {} : { view: next }, { replace: true });
  };

  const bulk = view === 'awaiting-you' && canApprove;
  const pageRows = (listQuery.data?.items ?? []).filter(canBulkApprove);
  const allOnPage = pageRows.length > 0 && pageRows.every((item) => selected.has(item.id));
  const someOnPage = pageRows.some((item) => selected.has(item.id));
  const toggle = (items: readonly ApprovePaymentItem[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const item of items) {
        if (on) next.set(item.id, item);
        else next.delete(item.id);
      }
      return next;
    });
  const selectColumn: DataTableColumn<ApprovePaymentItem> = {
    key: 'select',
    width: 40,
    header: (
      <Checkbox
        aria-label="Select all payments you can approve on this page"
        checked={allOnPage}
        indeterminate={someOnPage && !allOnPage}
        disabled={pageRows.length === 0}
        data-tour={pageRows.length > 0 ? APPROVALS_TOUR_TARGETS.bulk : undefined}
        onChange={(event) => toggle(pageRows, event.currentTarget.checked)}
      />
    ),
    cell: (item) => (
      <Checkbox
        aria-label={`Select payment to ${item.vendor.name} for bill ${item.bill.refNo}`}
        checked={selected.has(item.id)}
        disabled={!canBulkApprove(item)}
        title={canBulkApprove(item) ? undefined : 'Open the payment to act on it'}
        onChange={(event) => toggle([item], event.currentTarget.checked)}
      />
    ),
  };
  const columns = [...(bulk ? [selectColumn] : []), ...approvalColumns({ view, sort, onSort })];

  const overview = overviewQuery.data;
  const noneEver =
    overview !== undefined && APPROVAL_VIEW_CARDS.every((card) => card.pick(overview).total === 0);
  const searching = vendorName !== '';
  const empty =
    noneEver && !searching ? (
      <Stack align="center" gap="sm" ta="center">
        <Text fw={600}>{APPROVALS_TEXT.noApprovalsYet}</Text>
        <Text size="sm" c="dimmed">
          {APPROVALS_TEXT.noApprovalsBody}
        </Text>
        {canCreatePolicy ? (
          <Button component={Link} to={paths.settingsApprovalPolicyCreate(businessId)} variant="light">
            {APPROVALS_TEXT.createWorkflow}
          </Button>
        ) : null}
      </Stack>
    ) : (
      <Text fw={600} ta="center">
        {searching ? APPROVALS_TEXT.noMatches : APPROVALS_EMPTY[view]}
      </Text>
    );

  return (
    <Stack gap="xl">
      <div data-tour={APPROVALS_TOUR_TARGETS.summary}>
        <ApprovalSummaryCards query={overviewQuery} view={view} onSelect={selectView} />
      </div>
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label="Approval views"
          data-tour={APPROVALS_TOUR_TARGETS.views}
          value={view}
          onChange={(next) => selectView(viewOf(next))}
          data={APPROVAL_VIEW_CARDS.map((card) => ({ value: card.view, label: card.label }))}
        />
        <Group gap="sm">
          {bulk && selected.size > 0 ? (
            <Button
              onClick={() => {
                setBulkPayments([...selected.values()]);
                setBulkOpen(true);
              }}
            >
              {`Approve selected (${selected.size})`}
            </Button>
          ) : null}
          <TextInput
            aria-label="Search by vendor"
            placeholder="Search by vendor"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={filters.search}
            maxLength={PAYMENT_LIMITS.searchMax}
            onChange={(event) => setFilter('search', event.currentTarget.value)}
            rightSection={
              filters.search ? (
                <CloseButton size="sm" aria-label="Clear search" onClick={() => setFilter('search', '')} />
              ) : null
            }
            w={{ base: '100%', sm: 260 }}
          />
        </Group>
      </Group>
      <div data-tour={APPROVALS_TOUR_TARGETS.table}>
        <QueryDataTable
          query={listQuery}
          loadingLabel="Loading approvals"
          empty={empty}
          caption={APPROVAL_VIEW_CARDS.find((card) => card.view === view)?.label ?? 'Approvals'}
          columns={columns}
          getRowKey={(item) => item.id}
          pagination={pagination}
          onRowClick={(item) => void navigate(paths.billPaymentDetail(businessId, item.id))}
          rowLabel={(item) => `Open payment to ${item.vendor.name} for bill ${item.bill.refNo}`}
        />
      </div>
      {canApprove ? <ApprovalDelegationCard businessId={businessId} /> : null}
      <BulkApproveDialog
        businessId={businessId}
        opened={bulkOpen}
        payments={bulkPayments}
        onClose={() => setBulkOpen(false)}
        onDone={() => {
          setBulkOpen(false);
          setSelected(new Map());
        }}
      />
    </Stack>
  );
}
