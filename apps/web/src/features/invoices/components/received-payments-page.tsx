import {
  formatDate,
  PAYMENT_LIMITS,
  paths,
  type ReceivedFilterType,
  type ReceivedPaymentSortKey,
  type ReceivedPaymentView,
} from '@ferry/domain';
import { Anchor, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import {
  type DataTableColumn,
  QueryDataTable,
  SortHeader,
  type SortState,
  useTableState,
} from '@/components/data-table';
import { PaymentStatusWithAuto } from '@/components/payments/auto-payment-badge';
import { PaymentsFilterPopover } from '@/components/payments/payments-filter-popover';
import { SearchField } from '@/components/search-field';
import { countOf, SummaryCards } from '@/components/summary-cards/summary-cards';
import { useReceivedPayments, useReceivedPaymentsSummary } from '../api/received-payments-api';
import { money } from '../utils/invoice-display';
import { RECEIVED_STATUS_FILTER_OPTIONS, RECEIVED_SUMMARY_CARDS } from '../utils/received-payments';

export const RECEIVED_PAYMENTS_TEXT = {
  empty: 'No results found.',
  loading: 'Loading...',
  search: 'Search by customer',
} as const;

/** Spec 002 §5: a search input uses a 300 ms debounce. */
export const CUSTOMER_SEARCH_DEBOUNCE_MS = 300;

/** Newest first: the process date descending (the server's default too). */
const DEFAULT_SORT: SortState<ReceivedPaymentSortKey> = { by: 'processDate', order: 'desc' };
const NO_FILTERS: { filterType: ReceivedFilterType | null; statuses: readonly string[]; search: string } = {
  filterType: null,
  statuses: [],
  search: '',
};
const paymentCount = countOf('payment', 'payments');

/**
 * `/b/{id}/invoices/payment/list`: Get Paid > Payments, the payments the business receives (the invoices
 * area renders the title and the tabs, and checks read on payments received). Summary cards (processing,
 * received this month, attention required; a click filters), search by customer, the status filter,
 * sorting and paging on the server; each payment with its customer, invoice, amount, the receiving
 * side's status with its date label and date, and View (spec 002 §2, §4, §7).
 */
export function ReceivedPaymentsPage() {
  const { businessId = '' } = useParams();
  const { pagination, sort, onSort, filters, setFilter, params } = useTableState({
    defaultSort: DEFAULT_SORT,
    filters: NO_FILTERS,
  });
  const { filterType, statuses, search } = filters;
  const [customerName] = useDebouncedValue(search.trim(), CUSTOMER_SEARCH_DEBOUNCE_MS);
  const summaryQuery = useReceivedPaymentsSummary(businessId);
  const paymentsQuery = useReceivedPayments(businessId, { ...params, customerName, filterType, statuses });

  const columns: DataTableColumn<ReceivedPaymentView>[] = [
    {
      key: 'customer',
      header: <SortHeader label="Customer" sortKey="customerName" sort={sort} onSort={onSort} />,
      cell: (payment) => (
        <Text size="sm" fw={500}>
          {payment.customer.name}
        </Text>
      ),
    },
    {
      key: 'invoice',
      header: 'Invoice #',
      nowrap: true,
      cell: (payment) =>
        payment.invoice.id ? (
          <Anchor
            component={Link}
            to={paths.invoiceDetail(businessId, payment.invoice.id)}
            size="sm"
            aria-label={`View invoice ${payment.invoice.refNo}`}
          >
            {payment.invoice.refNo}
          </Anchor>
        ) : (
          payment.invoice.refNo
        ),
    },
    {
      key: 'processDate',
      header: <SortHeader label="Process date" sortKey="processDate" sort={sort} onSort={onSort} />,
      cell: (payment) => formatDate(payment.processDate),
      nowrap: true,
    },
    {
      key: 'amount',
      header: <SortHeader label="Amount" sortKey="amount" sort={sort} onSort={onSort} />,
      cell: (payment) => money(payment.amount),
      align: 'right',
      nowrap: true,
    },
    {
      key: 'status',
      header: <SortHeader label="Status" sortKey="status" sort={sort} onSort={onSort} />,
      cell: (payment) => (
        <Stack gap={2} align="flex-start">
          <PaymentStatusWithAuto status={payment.status} side="receive" isAuto={payment.isAuto} />
          <Text size="xs" c="dimmed">
            {`${payment.dateLabel}: ${formatDate(payment.date)}`}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'view',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      cell: (payment) => (
        <Button
          component={Link}
          to={paths.invoicePaymentDetail(businessId, payment.id)}
          variant="light"
          size="xs"
          aria-label={`View payment from ${payment.customer.name} for invoice ${payment.invoice.refNo}`}
        >
          View
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="xl">
      <SummaryCards
        cards={RECEIVED_SUMMARY_CARDS}
        query={summaryQuery}
        selected={filterType}
        onSelect={(next) => setFilter('filterType', next)}
        formatCount={paymentCount}
      />
      <Group justify="space-between" gap="sm">
        <SearchField
          label={RECEIVED_PAYMENTS_TEXT.search}
          value={search}
          maxLength={PAYMENT_LIMITS.searchMax}
          onChange={(next) => setFilter('search', next)}
        />
        <PaymentsFilterPopover
          options={RECEIVED_STATUS_FILTER_OPTIONS}
          value={statuses}
          onApply={(next) => setFilter('statuses', next)}
        />
      </Group>
      <QueryDataTable
        query={paymentsQuery}
        loadingLabel={RECEIVED_PAYMENTS_TEXT.loading}
        empty={
          <Text fw={600} ta="center">
            {RECEIVED_PAYMENTS_TEXT.empty}
          </Text>
        }
        caption="Payments received"
        columns={columns}
        getRowKey={(payment) => payment.id}
        pagination={pagination}
      />
    </Stack>
  );
}
