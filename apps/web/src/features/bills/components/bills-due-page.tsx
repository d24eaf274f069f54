import {
  type BillListItem,
  defineAbilityFor,
  formatDate,
  formatMoney,
  getPaymentStatusDisplay,
  paths,
  toCents,
} from '@ferry/domain';
import { Button, Checkbox, Group, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DataTable, type DataTableColumn, usePaginationState } from '@/components/data-table';
import { ErrorState } from '@/components/error-state';
import { BulkScheduleDialog } from '@/components/pay/bulk-schedule-dialog';
import { MarkAsPaidDialog } from '@/components/pay/mark-as-paid-dialog';
import { QueryStateBlock } from '@/components/query-state-block';
import { StatusBadge } from '@/components/status-badge';
import {
  type DueBillsSortKey,
  type DueDateFilter,
  type SummaryFilter,
  useDueBills,
  useDueBillsSummary,
} from '../api/bills-api';
import { useBusinessAccess } from '../api/get-business-access';
import { canManageBills } from '../utils/access';
import { BillsFilterPopover, DUE_DATE_FILTER_LABELS } from './bills-filter-popover';
import { BillsSummaryCards } from './bills-summary-cards';

export const NO_DUE_BILLS = 'No due bills yet.';
export const NO_MATCHING_BILLS = 'No bills match these filters.';

type Sort = { by: DueBillsSortKey; order: 'asc' | 'desc' };
const DEFAULT_SORT: Sort = { by: 'date', order: 'desc' };

const SortHeader = ({
  label,
  sortKey,
  sort,
  onSort,
}: {
  label: string;
  sortKey: DueBillsSortKey;
  sort: Sort;
  onSort: (key: DueBillsSortKey) => void;
}) => {
  const active = sort.by === sortKey;
  const Icon = !active ? IconArrowsSort : sort.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <UnstyledButton
      onClick={() => onSort(sortKey)}
      aria-label={`Sort by ${label.toLowerCase()}${active ? (sort.order === 'asc' ? ', ascending' : ', descending') : ''}`}
      style={{ font: 'inherit', color: 'inherit', textTransform: 'inherit', letterSpacing: 'inherit' }}
    >
      <Group gap={4} wrap="nowrap">
        {label}
        <Icon size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
};

const money = (amount: number) => formatMoney(toCents(amount));

/**
 * `/b/{id}/bills/due`: the Bills tab's content (spec 002 §2, §7, §9; the area's title and tabs are
 * BillsArea's): the three summary cards
 * (click filters), the due-window filter popover and the open bills, sorted (date descending first) and
 * paged on the server.
 */
export function BillsDuePage() {
  const { businessId = '' } = useParams();
  const businessQuery = useBusinessAccess(businessId);
  const summaryQuery = useDueBillsSummary(businessId);
  const [summaryFilter, setSummaryFilter] = useState<SummaryFilter | null>(null);
  const [dateRange, setDateRange] = useState<DueDateFilter | null>(null);
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const pagination = usePaginationState();
  const billsQuery = useDueBills(businessId, {
    pageNumber: pagination.page,
    pageSize: pagination.pageSize,
    sortBy: sort.by,
    sortOrder: sort.order,
    billSummaryType: summaryFilter,
    dateRange,
  });
  const canManage = businessQuery.data ? canManageBills(businessQuery.data) : false;
  const createHref = paths.billCreate(businessId);
  const filtered = summaryFilter !== null || dateRange !== null;
  // Paying needs manage on approve-and-pay; marking as paid, manage on due bills (spec 002 §6).
  const canPay = businessQuery.data
    ? defineAbilityFor(businessQuery.data.permissions).can('manage', 'PayApproveAndPayBills')
    : false;
  const [selected, setSelected] = useState<Map<string, BillListItem>>(() => new Map());
  const [markBill, setMarkBill] = useState<BillListItem | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  // The dialog keeps the bills it opened with while it shows their results.
  const [bulkBills, setBulkBills] = useState<BillListItem[]>([]);
  const payable = (bill: BillListItem) => bill.unScheduledBalance > 0;
  const toggle = (bills: BillListItem[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const bill of bills) {
        if (on) next.set(bill.id, bill);
        else next.delete(bill.id);
      }
      return next;
    });

  const onSort = (key: DueBillsSortKey) => {
    setSort((current) =>
      current.by === key
        ? { by: key, order: current.order === 'asc' ? 'desc' : 'asc' }
        : { by: key, order: 'desc' },
    );
    pagination.reset();
  };

  const pageBills = (billsQuery.data?.items ?? []).filter(payable);
  const allOnPage = pageBills.length > 0 && pageBills.every((bill) => selected.has(bill.id));
  const someOnPage = pageBills.some((bill) => selected.has(bill.id));
  const selectColumn: DataTableColumn<BillListItem> = {
    key: 'select',
    width: 40,
    header: (
      <Checkbox
        aria-label="Select all bills on this page"
        checked={allOnPage}
        indeterminate={someOnPage && !allOnPage}
        disabled={pageBills.length === 0}
        onChange={(event) => toggle(pageBills, event.currentTarget.checked)}
      />
    ),
    cell: (bill) => (
      <Checkbox
        aria-label={`Select bill ${bill.refNo}`}
        checked={selected.has(bill.id)}
        disabled={!payable(bill)}
        onChange={(event) => toggle([bill], event.currentTarget.checked)}
      />
    ),
  };
  const actionsColumn: DataTableColumn<BillListItem> = {
    key: 'actions',
    header: <VisuallyHidden>Actions</VisuallyHidden>,
    align: 'right',
    cell: (bill) => (
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        {canPay && payable(bill) ? (
          <Button
            size="xs"
            component={Link}
            to={paths.billMakePayment(businessId, bill.id)}
            aria-label={`Pay bill ${bill.refNo}`}
          >
            Pay
          </Button>
        ) : null}
        {canManage && payable(bill) ? (
          <Button
            size="xs"
            variant="default"
            onClick={() => setMarkBill(bill)}
            aria-label={`Mark bill ${bill.refNo} as paid`}
          >
            Mark as paid
          </Button>
        ) : null}
      </Group>
    ),
  };

  const columns: DataTableColumn<BillListItem>[] = [
    ...(canPay ? [selectColumn] : []),
    {
      key: 'vendor',
      header: 'Vendor',
      cell: (bill) => (
        <Text size="sm" fw={500}>
          {bill.vendorName}
        </Text>
      ),
    },
    { key: 'refNo', header: 'Bill #', cell: (bill) => bill.refNo },
    {
      key: 'date',
      header: <SortHeader label="Bill date" sortKey="date" sort={sort} onSort={onSort} />,
      cell: (bill) => formatDate(bill.billDate),
    },
    {
      key: 'dueDate',
      header: <SortHeader label="Due date" sortKey="dueDate" sort={sort} onSort={onSort} />,
      cell: (bill) => formatDate(bill.dueDate),
    },
    {
      key: 'amount',
      header: <SortHeader label="Amount" sortKey="amount" sort={sort} onSort={onSort} />,
      cell: (bill) => money(bill.amount),
      align: 'right',
    },
    { key: 'balance', header: 'Balance', cell: (bill) => money(bill.balance), align: 'right' },
    {
      key: 'status',
      header: 'Status',
      cell: (bill) => {
        const display = getPaymentStatusDisplay(bill.status, { side: 'pay' });
        return <StatusBadge label={display.label} colour={display.colour} />;
      },
    },
    ...(canPay || canManage ? [actionsColumn] : []),
  ];

  const page = billsQuery.data;
  const isEmpty = page !== undefined && page.total === 0;

  return (
    <Stack gap="xl">
      {summaryQuery.isError ? (
        <ErrorState error={summaryQuery.error} onRetry={() => void summaryQuery.refetch()} />
      ) : (
        <BillsSummaryCards
          summary={summaryQuery.data}
          selected={summaryFilter}
          onSelect={(next) => {
            setSummaryFilter(next);
            pagination.reset();
          }}
        />
      )}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {dateRange ? `Showing: ${DUE_DATE_FILTER_LABELS[dateRange]}` : ''}
        </Text>
        <Group gap="sm">
          {canPay && selected.size > 0 ? (
            <Button
              onClick={() => {
                setBulkBills([...selected.values()]);
                setBulkOpen(true);
              }}
            >{`Pay selected (${selected.size})`}</Button>
          ) : null}
          <BillsFilterPopover
            value={dateRange}
            onApply={(next) => {
              setDateRange(next);
              pagination.reset();
            }}
          />
        </Group>
      </Group>
      <QueryStateBlock
        query={billsQuery}
        loadingLabel="Loading bills"
        isEmpty={isEmpty}
        empty={
          <Paper withBorder radius="md" p="xl">
            <Stack align="center" gap="sm">
              <Text fw={600}>{filtered ? NO_MATCHING_BILLS : NO_DUE_BILLS}</Text>
              {!filtered && canManage ? (
                <Button component={Link} to={createHref} variant="light">
                  Create a bill
                </Button>
              ) : null}
            </Stack>
          </Paper>
        }
      >
        <DataTable
          caption="Due bills"
          columns={columns}
          data={page?.items}
          getRowKey={(bill) => bill.id}
          isLoading={billsQuery.isPlaceholderData && billsQuery.isFetching}
          pagination={{
            page: pagination.page,
            pageSize: pagination.pageSize,
            total: page?.total ?? 0,
            onPageChange: pagination.setPage,
            onPageSizeChange: pagination.setPageSize,
          }}
        />
      </QueryStateBlock>
      <MarkAsPaidDialog
        opened={markBill !== null}
        onClose={() => setMarkBill(null)}
        businessId={businessId}
        bill={markBill}
      />
      <BulkScheduleDialog
        opened={bulkOpen}
        onClose={() => setBulkOpen(false)}
        onScheduled={() => setSelected(new Map())}
        businessId={businessId}
        bills={bulkBills}
      />
    </Stack>
  );
}
