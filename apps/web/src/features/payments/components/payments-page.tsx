import {
  ACCESS_DENIED_MESSAGE,
  formatDate,
  PAYMENT_LIMITS,
  type PaymentFilterType,
  type PaymentSortKey,
  type PaymentView,
  paths,
} from '@ferry/domain';
import { Alert, Button, Center, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import {
  type DataTableColumn,
  QueryDataTable,
  SortHeader,
  type SortState,
  useTableState,
} from '@/components/data-table';
import { ErrorState } from '@/components/error-state';
import { PaymentStatusWithAuto } from '@/components/payments/auto-payment-badge';
import { PaymentsFilterPopover } from '@/components/payments/payments-filter-popover';
import { SearchField } from '@/components/search-field';
import { countOf, SummaryCards } from '@/components/summary-cards/summary-cards';
import { useBusinessAccess } from '@/lib/business-access';
import { usePayments, usePaymentsSummary } from '../api/payments-api';
import { getPaymentsAccess } from '../utils/access';
import {
  formatAmount,
  formatPaymentMethod,
  getPaymentDisplay,
  PAYMENT_STATUS_FILTER_OPTIONS,
} from '../utils/payment-display';
import { PAYMENTS_SUMMARY_CARDS } from './payments-summary-cards';

export const NO_PAYMENTS = 'No payments have been made yet.';
export const NO_MATCHING_PAYMENTS = 'No payments match these filters.';
/** Spec 002 §5: another search input uses a 300 ms debounce. */
export const VENDOR_SEARCH_DEBOUNCE_MS = 300;

/** Spec 002 §9: payments sort dueDate descending. */
const DEFAULT_SORT: SortState<PaymentSortKey> = { by: 'dueDate', order: 'desc' };
const NO_FILTERS: { filterType: PaymentFilterType | null; statuses: readonly string[]; search: string } = {
  filterType: null,
  statuses: [],
  search: '',
};
const paymentCount = countOf('payment', 'payments');

const queryOf = (selected: readonly string[]) =>
  PAYMENT_STATUS_FILTER_OPTIONS.filter((option) => selected.includes(option.value)).map(
    (option) => option.query,
  );

/**
 * `/b/{id}/bills/payment/list`: the Payments tab's content (the bills layout renders the title and the
 * tabs). Summary cards (attention required, processing, scheduled; click filters), the status filter
 * popover, vendor search, sorting (due date descending first) and paging on the server; each payment with
 * its vendor, bill, amount, method, status with its date label and date, and View (spec 002 §2, §4, §9).
 */
export function PaymentsPage() {
  const { businessId = '' } = useParams();
  const businessQuery = useBusinessAccess(businessId);
  const access = businessQuery.data ? getPaymentsAccess(businessQuery.data) : null;
  const canView = access?.canViewPayments ?? false;

  const { pagination, sort, onSort, filters, setFilter, params } = useTableState({
    defaultSort: DEFAULT_SORT,
    filters: NO_FILTERS,
  });
  const { filterType, statuses, search } = filters;
  const [vendorName] = useDebouncedValue(search.trim(), VENDOR_SEARCH_DEBOUNCE_MS);
  const statusQuery = useMemo(() => queryOf(statuses), [statuses]);

  const summaryQuery = usePaymentsSummary(businessId, canView);
  const paymentsQuery = usePayments(
    businessId,
    {
      ...params,
      vendorName,
      filterType,
      statuses: statusQuery,
    },
    canView,
  );

  if (businessQuery.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading payments">
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

  const filtered = filterType !== null || statuses.length > 0 || vendorName !== '';

  const columns: DataTableColumn<PaymentView>[] = [
    {
      key: 'vendor',
      header: <SortHeader label="Vendor" sortKey="vendorName" sort={sort} onSort={onSort} />,
      cell: (payment) => (
        <Text size="sm" fw={500}>
          {payment.vendor.name}
        </Text>
      ),
    },
    { key: 'refNo', header: 'Bill #', cell: (payment) => payment.bill.refNo, nowrap: true },
    {
      key: 'dueDate',
      header: <SortHeader label="Due date" sortKey="dueDate" sort={sort} onSort={onSort} />,
      cell: (payment) => formatDate(payment.bill.dueDate),
      nowrap: true,
    },
    {
      key: 'amount',
      header: <SortHeader label="Amount" sortKey="amount" sort={sort} onSort={onSort} />,
      cell: (payment) => formatAmount(payment.amount),
      align: 'right',
      nowrap: true,
    },
    {
      key: 'method',
      header: 'Method',
      cell: (payment) => formatPaymentMethod(payment.paymentMethod) || '—',
    },
    {
      key: 'status',
      header: 'Status',
      cell: (payment) => {
        const display = getPaymentDisplay(payment);
        return (
          <Stack gap={2} align="flex-start">
            <PaymentStatusWithAuto status={payment.status} isAuto={payment.isAuto} />
            <Text size="xs" c="dimmed">
              {`${display.dateLabel}: ${formatDate(payment.date)}`}
            </Text>
          </Stack>
        );
      },
    },
    {
      key: 'view',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      cell: (payment) =>
        payment.isMarkedAsPaid ? null : (
          <Button
            component={Link}
            to={paths.billPaymentDetail(businessId, payment.id)}
            variant="light"
            size="xs"
            aria-label={`View payment to ${payment.vendor.name} for bill ${payment.bill.refNo}`}
          >
            View
          </Button>
        ),
    },
  ];

  return (
    <Stack gap="xl">
      <SummaryCards
        cards={PAYMENTS_SUMMARY_CARDS}
        query={summaryQuery}
        selected={filterType}
        onSelect={(next) => setFilter('filterType', next)}
        formatCount={paymentCount}
      />
      <Group justify="space-between" gap="sm">
        <SearchField
          label="Search by vendor"
          value={search}
          maxLength={PAYMENT_LIMITS.searchMax}
          onChange={(next) => setFilter('search', next)}
        />
        <PaymentsFilterPopover
          options={PAYMENT_STATUS_FILTER_OPTIONS}
          value={statuses}
          onApply={(next) => setFilter('statuses', next)}
        />
      </Group>
      <QueryDataTable
        query={paymentsQuery}
        loadingLabel="Loading payments"
        empty={
          <Text fw={600} ta="center">
            {filtered ? NO_MATCHING_PAYMENTS : NO_PAYMENTS}
          </Text>
        }
        caption="Payments"
        columns={columns}
        getRowKey={(payment) => payment.id}
        pagination={pagination}
      />
    </Stack>
  );
}
