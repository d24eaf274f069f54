import {
  type BillListItem,
  defineAbilityFor,
  formatDate,
  formatMoney,
  getPaymentStatusDisplay,
  paths,
  SUMMARY_FILTERS,
  toCents,
} from '@ferry/domain';
import { Button, Checkbox, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  type DataTableColumn,
  QueryDataTable,
  SortHeader,
  type SortState,
  useTableState,
} from '@/components/data-table';
import {
  DueDateFilterPopover,
  DueDateFilterStatus,
} from '@/components/filter-popover/due-date-filter-popover';
import { BulkScheduleDialog } from '@/components/pay/bulk-schedule-dialog';
import { MarkAsPaidDialog } from '@/components/pay/mark-as-paid-dialog';
import { StatusBadge } from '@/components/status-badge';
import { DUE_SUMMARY_CARDS } from '@/components/summary-cards/due-summary-cards';
import { countOf, SummaryCards } from '@/components/summary-cards/summary-cards';
import { useBusinessAccess } from '@/lib/business-access';
import { type DueBillsParams, type DueBillsSortKey, useDueBills, useDueBillsSummary } from '../api/bills-api';
import { canManageBills } from '../utils/access';

export const NO_DUE_BILLS = 'No due bills yet.';
export const NO_MATCHING_BILLS = 'No bills match these filters.';

const DEFAULT_SORT: SortState<DueBillsSortKey> = { by: 'date', order: 'desc' };
const NO_FILTERS: Pick<DueBillsParams, 'billSummaryType' | 'dateRange'> = {
  billSummaryType: null,
  dateRange: null,
};
const billCount = countOf('bill', 'bills');

const money = (amount: number) => formatMoney(toCents(amount));

/**
 * `/b/{id}/bills/due`: the Bills tab's content (spec 002 §2, §7, §9; the area's title and tabs are
 * BillsArea's): the three summary cards
 * (click filters), the due-window filter popover and the open bills, sorted (date descending first) and
 * paged on the server.
 */
export function BillsDuePage() {
  const { businessId = '' } = useParams();
  const navigate = useNavigate();
  const businessQuery = useBusinessAccess(businessId);
  const summaryQuery = useDueBillsSummary(businessId);
  // `?summary=OVERDUE` (home's figures) opens the tab with that summary card's filter on.
  const [searchParams] = useSearchParams();
  const summaryParam = searchParams.get('summary');
  const { pagination, sort, onSort, filters, setFilter, params } = useTableState({
    defaultSort: DEFAULT_SORT,
    filters: {
      ...NO_FILTERS,
      billSummaryType: SUMMARY_FILTERS.find((filter) => filter === summaryParam) ?? null,
    },
  });
  const billsQuery = useDueBills(businessId, { ...params, ...filters });
  const canManage = businessQuery.data ? canManageBills(businessQuery.data) : false;
  const createHref = paths.billCreate(businessId);
  const filtered = filters.billSummaryType !== null || filters.dateRange !== null;
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
    { key: 'refNo', header: 'Bill #', cell: (bill) => bill.refNo, nowrap: true },
    {
      key: 'date',
      header: <SortHeader label="Bill date" sortKey="date" sort={sort} onSort={onSort} />,
      cell: (bill) => formatDate(bill.billDate),
      nowrap: true,
    },
    {
      key: 'dueDate',
      header: <SortHeader label="Due date" sortKey="dueDate" sort={sort} onSort={onSort} />,
      cell: (bill) => formatDate(bill.dueDate),
      nowrap: true,
    },
    {
      key: 'amount',
      header: <SortHeader label="Amount" sortKey="amount" sort={sort} onSort={onSort} />,
      cell: (bill) => money(bill.amount),
      align: 'right',
      nowrap: true,
    },
    {
      key: 'balance',
      header: 'Balance',
      cell: (bill) => money(bill.balance),
      align: 'right',
      nowrap: true,
    },
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

  return (
    <Stack gap="xl">
      <SummaryCards
        cards={DUE_SUMMARY_CARDS}
        query={summaryQuery}
        selected={filters.billSummaryType}
        onSelect={(next) => setFilter('billSummaryType', next)}
        formatCount={billCount}
      />
      <Group justify="space-between" gap="sm">
        <DueDateFilterStatus value={filters.dateRange} />
        <Group gap="sm">
          {canPay && selected.size > 0 ? (
            <Button
              onClick={() => {
                setBulkBills([...selected.values()]);
                setBulkOpen(true);
              }}
            >{`Pay selected (${selected.size})`}</Button>
          ) : null}
          <DueDateFilterPopover value={filters.dateRange} onApply={(next) => setFilter('dateRange', next)} />
        </Group>
      </Group>
      <QueryDataTable
        query={billsQuery}
        loadingLabel="Loading bills"
        empty={
          <Stack align="center" gap="sm">
            <Text fw={600}>{filtered ? NO_MATCHING_BILLS : NO_DUE_BILLS}</Text>
            {!filtered && canManage ? (
              <Button component={Link} to={createHref} variant="light">
                Create a bill
              </Button>
            ) : null}
          </Stack>
        }
        caption="Due bills"
        columns={columns}
        getRowKey={(bill) => bill.id}
        pagination={pagination}
        // A row opens the bill: its page with the bill, its payments and a Preview.
        onRowClick={(bill) => void navigate(paths.billMakePayment(businessId, bill.id))}
        rowLabel={(bill) => `Open bill ${bill.refNo} from ${bill.vendorName}`}
      />
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
