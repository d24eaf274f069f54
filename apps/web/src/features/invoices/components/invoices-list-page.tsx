import { formatDate, type InvoiceListItem, paths, SUMMARY_FILTERS } from '@ferry/domain';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Radio,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
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
  DUE_DATE_FILTER_LABELS,
  type DueDateFilter,
} from '@/components/filter-popover/due-date-filter-popover';
import { FilterPopover } from '@/components/filter-popover/filter-popover';
import { StatusBadge } from '@/components/status-badge';
import { DUE_SUMMARY_CARDS } from '@/components/summary-cards/due-summary-cards';
import { countOf, SummaryCards } from '@/components/summary-cards/summary-cards';
import { useBusinessAccess } from '@/lib/business-access';
import { useGuidedTour } from '@/lib/guided-tour';
import { type InvoiceSortKey, useDueInvoices, useInvoicesSummary } from '../api/invoices-api';
import { canManageInvoices } from '../utils/invoice-access';
import { INVOICE_STATUS_FILTER_OPTIONS, invoiceStatusDisplay, money } from '../utils/invoice-display';
import { INVOICES_TOUR_STEPS, INVOICES_TOUR_TARGETS } from './invoices-tour';
import { PaymentRequestActions } from './payment-request-actions';

export const NO_INVOICES = 'No open invoices yet.';
export const NO_MATCHING_INVOICES = 'No invoices match these filters.';
/** Spec 002 §5, §9: the search box takes at most 30 characters; the list follows it after 300 ms. */
const SEARCH_MAX = 30;
const SEARCH_DEBOUNCE_MS = 300;

const DEFAULT_SORT: SortState<InvoiceSortKey> = { by: 'INVOICE_DATE', order: 'desc' };
const invoiceCount = countOf('invoice', 'invoices');

type ListFilter = { statuses: string[]; dateRange: DueDateFilter | null };
const NO_FILTER: ListFilter = { statuses: [], dateRange: null };

/** Filter by status (checkboxes) and due window (radio), Clear, Apply (spec 002 §2). */
const InvoicesFilterPopover = ({
  value,
  onApply,
}: {
  value: ListFilter;
  onApply: (next: ListFilter) => void;
}) => {
  const count = value.statuses.length + (value.dateRange ? 1 : 0);
  return (
    <FilterPopover
      value={value}
      emptyValue={NO_FILTER}
      isActive={count > 0}
      count={count}
      onApply={onApply}
      miw={260}
    >
      {(draft, setDraft) => (
        <Stack gap="md">
          <Checkbox.Group
            label="Status"
            value={draft.statuses}
            onChange={(statuses) => setDraft({ ...draft, statuses })}
          >
            <Stack gap="xs" mt="xs">
              {INVOICE_STATUS_FILTER_OPTIONS.map((option) => (
                <Checkbox key={option.value} value={option.value} label={option.label} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Radio.Group
            label="Due date"
            value={draft.dateRange ?? ''}
            onChange={(next) => setDraft({ ...draft, dateRange: next as DueDateFilter })}
          >
            <Stack gap="xs" mt="xs">
              {Object.entries(DUE_DATE_FILTER_LABELS).map(([key, label]) => (
                <Radio key={key} value={key} label={label} />
              ))}
            </Stack>
          </Radio.Group>
        </Stack>
      )}
    </FilterPopover>
  );
};

/**
 * `/b/{id}/invoices`: the Invoices tab (spec 002 §2, §7, §9): the three summary cards (click filters), search,
 * the status and due-window filter, and the open invoices (or those of the chosen statuses), sorted by
 * number, invoice date (descending first), due date or amount, paged on the server. A row opens the
 * invoice; its actions send, remind or cancel the payment request.
 */
export function InvoicesListPage() {
  const { businessId = '' } = useParams();
  const navigate = useNavigate();
  const business = useBusinessAccess(businessId).data;
  const summaryQuery = useInvoicesSummary(businessId);
  const [searchParams] = useSearchParams();
  const summaryParam = searchParams.get('summary');
  const [search, setSearch] = useState('');
  const [searchTerm] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { pagination, sort, onSort, filters, setFilter, params } = useTableState({
    defaultSort: DEFAULT_SORT,
    filters: {
      invoiceSummaryType: SUMMARY_FILTERS.find((filter) => filter === summaryParam) ?? null,
      list: NO_FILTER,
    },
  });
  // A new search starts from the first page (set while rendering, so the old page is never asked for).
  const [pagedTerm, setPagedTerm] = useState(searchTerm);
  if (pagedTerm !== searchTerm) {
    setPagedTerm(searchTerm);
    pagination.reset();
  }
  const invoicesQuery = useDueInvoices(businessId, {
    ...params,
    invoiceSummaryType: filters.invoiceSummaryType,
    dateRange: filters.list.dateRange,
    status: filters.list.statuses.length > 0 ? filters.list.statuses.join(',') : null,
    searchTerm: searchTerm === '' ? null : searchTerm,
  });
  const canManage = business ? canManageInvoices(business) : false;
  const filtered =
    filters.invoiceSummaryType !== null ||
    filters.list.dateRange !== null ||
    filters.list.statuses.length > 0 ||
    searchTerm !== '';
  useGuidedTour({
    tour: 'invoices',
    steps: INVOICES_TOUR_STEPS,
    enabled: summaryQuery.isSuccess && invoicesQuery.isSuccess,
  });

  const columns: DataTableColumn<InvoiceListItem>[] = [
    {
      key: 'customer',
      header: 'Customer',
      cell: (invoice) => (
        <Text size="sm" fw={500}>
          {invoice.customerName}
        </Text>
      ),
    },
    {
      key: 'refNo',
      header: <SortHeader label="Invoice #" sortKey="REF_NO" sort={sort} onSort={onSort} />,
      // The number opens the invoice (so does a click anywhere on the row, or Enter on it).
      cell: (invoice) => (
        <Anchor
          component={Link}
          to={paths.invoiceDetail(businessId, invoice.id)}
          size="sm"
          fw={500}
          onClick={(event) => event.stopPropagation()}
          aria-label={`View invoice ${invoice.refNo}`}
        >
          {invoice.refNo}
        </Anchor>
      ),
      nowrap: true,
    },
    {
      key: 'invoiceDate',
      header: <SortHeader label="Invoice date" sortKey="INVOICE_DATE" sort={sort} onSort={onSort} />,
      cell: (invoice) => formatDate(invoice.invoiceDate),
      nowrap: true,
    },
    {
      key: 'dueDate',
      header: <SortHeader label="Due date" sortKey="DUE_DATE" sort={sort} onSort={onSort} />,
      cell: (invoice) => formatDate(invoice.dueDate),
      nowrap: true,
    },
    {
      key: 'amount',
      header: <SortHeader label="Amount" sortKey="INVOICE_AMOUNT" sort={sort} onSort={onSort} />,
      cell: (invoice) => money(invoice.amount),
      align: 'right',
      nowrap: true,
    },
    {
      key: 'balance',
      header: 'Balance',
      cell: (invoice) => money(invoice.balance),
      align: 'right',
      nowrap: true,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (invoice) => {
        const display = invoiceStatusDisplay(invoice.status);
        return <StatusBadge label={display.label} colour={display.colour} />;
      },
    },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      cell: (invoice) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {canManage ? <PaymentRequestActions businessId={businessId} invoice={invoice} compact /> : null}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="xl">
      <div data-tour={INVOICES_TOUR_TARGETS.summary}>
        <SummaryCards
          cards={DUE_SUMMARY_CARDS}
          query={summaryQuery}
          selected={filters.invoiceSummaryType}
          onSelect={(next) => setFilter('invoiceSummaryType', next)}
          formatCount={invoiceCount}
        />
      </div>
      <Group justify="space-between" gap="sm" data-tour={INVOICES_TOUR_TARGETS.tools}>
        <TextInput
          type="search"
          aria-label="Search invoices"
          placeholder="Search by invoice number or customer"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          maxLength={SEARCH_MAX}
          onChange={(event) => setSearch(event.currentTarget.value.slice(0, SEARCH_MAX))}
          w={320}
        />
        <InvoicesFilterPopover value={filters.list} onApply={(next) => setFilter('list', next)} />
      </Group>
      <div data-tour={INVOICES_TOUR_TARGETS.table}>
        <QueryDataTable
          query={invoicesQuery}
          loadingLabel="Loading invoices"
          empty={
            <Stack align="center" gap="sm">
              <Text fw={600}>{filtered ? NO_MATCHING_INVOICES : NO_INVOICES}</Text>
              {!filtered && canManage ? (
                <Button component={Link} to={paths.invoiceCreate(businessId)} variant="light">
                  Create invoice
                </Button>
              ) : null}
            </Stack>
          }
          caption="Invoices"
          columns={columns}
          getRowKey={(invoice) => invoice.id}
          pagination={pagination}
          onRowClick={(invoice) => void navigate(paths.invoiceDetail(businessId, invoice.id))}
          rowLabel={(invoice) => `Open invoice ${invoice.refNo} to ${invoice.customerName}`}
        />
      </div>
    </Stack>
  );
}
