import {
  type BillListItem,
  formatDate,
  formatMoney,
  getPaymentStatusDisplay,
  paths,
  toCents,
} from '@ferry/domain';
import { Badge, Button, Group, Paper, Stack, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DataTable, type DataTableColumn, usePaginationState } from '@/components/data-table';
import { ErrorState } from '@/components/error-state';
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
 * `/b/{id}/bills/due`: the Bills tab (spec 002 §2, §7, §9) with its count badge, the three summary cards
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
  const openTotal = summaryQuery.data?.totalOutstanding.total;

  const onSort = (key: DueBillsSortKey) => {
    setSort((current) =>
      current.by === key
        ? { by: key, order: current.order === 'asc' ? 'desc' : 'asc' }
        : { by: key, order: 'desc' },
    );
    pagination.reset();
  };

  const columns: DataTableColumn<BillListItem>[] = [
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
  ];

  const page = billsQuery.data;
  const isEmpty = page !== undefined && page.total === 0;

  return (
    <Stack gap="xl" maw={1120}>
      <Group justify="space-between" align="flex-end" gap="md">
        <Title order={1} fz={30} lts="-0.02em">
          Bills
        </Title>
        {canManage ? (
          <Button component={Link} to={createHref} leftSection={<IconPlus size={16} aria-hidden />}>
            Create bill
          </Button>
        ) : null}
      </Group>
      <Tabs value="due" keepMounted={false}>
        <Tabs.List aria-label="Bills areas">
          <Tabs.Tab
            value="due"
            rightSection={
              openTotal !== undefined ? (
                <Badge
                  size="sm"
                  variant="light"
                  circle={openTotal < 10}
                  aria-label={`${openTotal} open bills`}
                >
                  {openTotal}
                </Badge>
              ) : null
            }
          >
            Bills
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
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
        <BillsFilterPopover
          value={dateRange}
          onApply={(next) => {
            setDateRange(next);
            pagination.reset();
          }}
        />
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
    </Stack>
  );
}
