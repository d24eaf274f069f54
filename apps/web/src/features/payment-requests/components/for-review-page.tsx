import {
  defineAbilityFor,
  formatDate,
  formatMoney,
  MESSAGES,
  PAYMENT_REQUEST_STATUS_LABELS,
  type PaymentRequestListItem,
  type PaymentRequestSortKey,
  type PaymentRequestStatus,
  paths,
  type StatusColour,
  toCents,
} from '@ferry/domain';
import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
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
import { StatusBadge } from '@/components/status-badge';
import { DUE_SUMMARY_CARDS } from '@/components/summary-cards/due-summary-cards';
import { countOf, SummaryCards } from '@/components/summary-cards/summary-cards';
import { isApiError } from '@/lib/api-error';
import { useBusinessAccess } from '@/lib/business-access';
import {
  type PaymentRequestsParams,
  useLinkBill,
  usePaymentRequests,
  useReviewSummary,
} from '../api/payment-requests-api';
import { MapVendorDialog } from './map-vendor-dialog';
import { SampleRequestButton } from './sample-request-button';

/** Spec 002 §2 'Bills empty states': nothing ever received, and nothing left to review. */
export const NEVER_RECEIVED = 'Looks like you are all caught up!';
export const ALL_REVIEWED = "You're all caught up!";
export const NO_MATCHING_REQUESTS = 'No payment requests match these filters.';

const STATUS_COLOURS: Record<PaymentRequestStatus, StatusColour> = {
  CREATED: 'amber',
  LINK_BILL: 'amber',
  PROCESSING: 'amber',
  COMPLETED: 'green',
  FAILED: 'red',
  VOID: 'red',
  CANCELLED: 'red',
  LINK_INVOICE: 'grey',
};

const DEFAULT_SORT: SortState<PaymentRequestSortKey> = { by: 'date', order: 'desc' };
const NO_FILTERS: Pick<PaymentRequestsParams, 'billSummaryType' | 'dateRange'> = {
  billSummaryType: null,
  dateRange: null,
};
const requestCount = countOf('request', 'requests');

const money = (amount: number) => formatMoney(toCents(amount));

/** Where 'Review & pay' leads: the bill's make-payment page, remembering the request. */
export const makePaymentHref = (businessId: string, billId: string, paymentRequestId: string) =>
  `${paths.billMakePayment(businessId, billId)}?${new URLSearchParams({ paymentRequestId }).toString()}`;

/**
 * `/b/{id}/bills/payment-request`: the For Review tab's content (spec 002 §2; the area's title and tabs
 * are the bills layout's): payment requests other Ferry businesses sent this business — summary cards
 * (click filters), the due-window filter, the table (sorting and paging on the server) and 'Review & pay',
 * which maps the sender to a vendor first when needed, then opens the request's bill for payment.
 */
export function ForReviewPage() {
  const { businessId = '' } = useParams();
  const navigate = useNavigate();
  const businessQuery = useBusinessAccess(businessId);
  const summaryQuery = useReviewSummary(businessId);
  const { pagination, sort, onSort, filters, setFilter, clearFilters, params } = useTableState({
    defaultSort: DEFAULT_SORT,
    filters: NO_FILTERS,
  });
  const requestsQuery = usePaymentRequests(businessId, { ...params, ...filters });
  const linkBill = useLinkBill(businessId);
  const [linkingId, setLinkingId] = useState<string | null>(null);
  const [mapping, setMapping] = useState<PaymentRequestListItem | null>(null);
  const canManage = businessQuery.data
    ? defineAbilityFor(businessQuery.data.permissions).can('manage', 'PayPaymentRequest')
    : false;
  const filtered = filters.billSummaryType !== null || filters.dateRange !== null;

  const openBill = async (request: PaymentRequestListItem) => {
    setLinkingId(request.id);
    try {
      const result = await linkBill.mutateAsync(request.id);
      await navigate(makePaymentHref(businessId, result.billId, request.id));
    } catch (error) {
      notifications.show({
        color: 'red',
        message: isApiError(error) && error.statusCode < 500 ? error.message : MESSAGES.somethingWentWrongDot,
      });
    } finally {
      setLinkingId(null);
    }
  };

  const review = (request: PaymentRequestListItem) => {
    if (!request.isMapped && request.billId === null) setMapping(request);
    else void openBill(request);
  };

  const actionsColumn: DataTableColumn<PaymentRequestListItem> = {
    key: 'actions',
    header: <VisuallyHidden>Actions</VisuallyHidden>,
    align: 'right',
    cell: (request) => (
      <Button
        size="xs"
        onClick={() => review(request)}
        loading={linkingId === request.id}
        disabled={linkingId !== null && linkingId !== request.id}
        aria-label={`Review and pay invoice ${request.refNo} from ${request.sender.businessName}`}
      >
        Review &amp; pay
      </Button>
    ),
  };

  const columns: DataTableColumn<PaymentRequestListItem>[] = [
    {
      key: 'sender',
      header: <SortHeader label="Sender" sortKey="vendorName" sort={sort} onSort={onSort} />,
      cell: (request) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {request.sender.businessName}
          </Text>
          {request.vendor && request.vendor.name !== request.sender.businessName ? (
            <Text size="xs" c="dimmed">{`Vendor: ${request.vendor.name}`}</Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'refNo', header: 'Invoice #', cell: (request) => request.refNo, nowrap: true },
    {
      key: 'date',
      header: <SortHeader label="Invoice date" sortKey="date" sort={sort} onSort={onSort} />,
      cell: (request) => formatDate(request.invoiceDate),
      nowrap: true,
    },
    {
      key: 'dueDate',
      header: <SortHeader label="Due date" sortKey="dueDate" sort={sort} onSort={onSort} />,
      cell: (request) => formatDate(request.dueDate),
      nowrap: true,
    },
    {
      key: 'amount',
      header: <SortHeader label="Amount" sortKey="amount" sort={sort} onSort={onSort} />,
      cell: (request) => money(request.amount),
      align: 'right',
      nowrap: true,
    },
    {
      key: 'balance',
      header: <SortHeader label="Balance" sortKey="balance" sort={sort} onSort={onSort} />,
      cell: (request) => money(request.balance),
      align: 'right',
      nowrap: true,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (request) => (
        <StatusBadge
          label={PAYMENT_REQUEST_STATUS_LABELS[request.status]}
          colour={STATUS_COLOURS[request.status]}
        />
      ),
    },
    ...(canManage ? [actionsColumn] : []),
  ];

  const neverReceived = summaryQuery.data?.totalPaymentRequests === 0;

  return (
    <Stack gap="xl">
      <SummaryCards
        cards={DUE_SUMMARY_CARDS}
        query={summaryQuery}
        selected={filters.billSummaryType}
        onSelect={(next) => setFilter('billSummaryType', next)}
        formatCount={requestCount}
      />
      <Group justify="space-between" gap="sm">
        <DueDateFilterStatus value={filters.dateRange} />
        <DueDateFilterPopover value={filters.dateRange} onApply={(next) => setFilter('dateRange', next)} />
      </Group>
      <QueryDataTable
        query={requestsQuery}
        loadingLabel="Loading payment requests"
        empty={
          <Stack align="center" gap="sm">
            {filtered ? (
              <>
                <Text fw={600}>{NO_MATCHING_REQUESTS}</Text>
                <Button variant="subtle" onClick={clearFilters}>
                  Clear filters
                </Button>
              </>
            ) : (
              <>
                <Text fw={600} component="h2" fz="lg">
                  {neverReceived ? NEVER_RECEIVED : ALL_REVIEWED}
                </Text>
                <Text size="sm" c="dimmed" ta="center">
                  {neverReceived
                    ? 'Payment requests your vendors send you on Ferry will appear here for review.'
                    : 'Every payment request you received has been reviewed.'}
                </Text>
                <SampleRequestButton businessId={businessId} />
              </>
            )}
          </Stack>
        }
        caption="Payment requests for review"
        columns={columns}
        getRowKey={(request) => request.id}
        pagination={pagination}
      />
      <MapVendorDialog
        businessId={businessId}
        request={mapping}
        onClose={() => setMapping(null)}
        onMapped={(mapped) => {
          setMapping(null);
          void openBill(mapped);
        }}
      />
    </Stack>
  );
}
