import { type ApprovePaymentItem, formatDate, formatDateTime } from '@ferry/domain';
import { Stack, Text, Tooltip } from '@mantine/core';
import { type DataTableColumn, SortHeader, type SortState } from '@/components/data-table';
import { StatusBadge } from '@/components/status-badge';
import type { ApprovalSortKey, ApprovalView } from '../api/approvals-api';
import { APPROVAL_STATUS_DISPLAY, formatDollars, stageProgressText } from '../utils/approval-display';

/** Names shown in the Awaiting column before '+N'. */
const AWAITING_SHOWN = 2;

const Awaiting = ({ names }: { names: readonly string[] }) => {
  if (names.length === 0) return <Text size="sm">—</Text>;
  const shown = names.slice(0, AWAITING_SHOWN).join(', ');
  const more = names.length - AWAITING_SHOWN;
  if (more <= 0) return <Text size="sm">{shown}</Text>;
  return (
    <Tooltip label={names.join(', ')} multiline maw={280} withArrow>
      <Text size="sm" tabIndex={0} aria-label={names.join(', ')}>{`${shown} +${more}`}</Text>
    </Tooltip>
  );
};

/**
 * The Approvals tab's columns: vendor, bill, amount, process date, policy, then for payments in approval
 * the stage ('n of m') and who it awaits, for decided ones the decision and when; and who submitted it.
 */
export const approvalColumns = ({
  view,
  sort,
  onSort,
}: {
  view: ApprovalView;
  sort: SortState<ApprovalSortKey>;
  onSort: (key: ApprovalSortKey) => void;
}): DataTableColumn<ApprovePaymentItem>[] => {
  const decided = view === 'approved' || view === 'rejected';
  return [
    {
      key: 'vendor',
      header: <SortHeader label="Vendor" sortKey="vendorName" sort={sort} onSort={onSort} />,
      cell: (item) => (
        <Text size="sm" fw={500}>
          {item.vendor.name}
        </Text>
      ),
    },
    { key: 'bill', header: 'Bill #', cell: (item) => item.bill.refNo, nowrap: true },
    {
      key: 'amount',
      header: <SortHeader label="Amount" sortKey="amount" sort={sort} onSort={onSort} />,
      cell: (item) => formatDollars(item.amount),
      align: 'right',
      nowrap: true,
    },
    {
      key: 'processDate',
      header: <SortHeader label="Process date" sortKey="processDate" sort={sort} onSort={onSort} />,
      cell: (item) => formatDate(item.processDate),
      nowrap: true,
    },
    { key: 'policy', header: 'Policy', cell: (item) => item.approval.policyName },
    ...(decided
      ? [
          {
            key: 'decision',
            header: 'Decision',
            cell: (item: ApprovePaymentItem) => {
              const display = APPROVAL_STATUS_DISPLAY[item.approval.status];
              return (
                <Stack gap={2} align="flex-start">
                  <StatusBadge label={display.label} colour={display.colour} />
                  {item.approval.decidedAt ? (
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(item.approval.decidedAt)}
                    </Text>
                  ) : null}
                </Stack>
              );
            },
          },
        ]
      : [
          {
            key: 'stage',
            header: 'Stage',
            cell: (item: ApprovePaymentItem) => stageProgressText(item.approval),
            nowrap: true,
          },
          {
            key: 'awaiting',
            header: 'Awaiting',
            cell: (item: ApprovePaymentItem) => <Awaiting names={item.approval.awaiting} />,
          },
        ]),
    {
      key: 'submitted',
      header: <SortHeader label="Submitted" sortKey="submittedAt" sort={sort} onSort={onSort} />,
      cell: (item) => (
        <Stack gap={0}>
          <Text size="sm">{item.approval.submittedBy?.name ?? '—'}</Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(item.approval.submittedAt)}
          </Text>
        </Stack>
      ),
    },
  ];
};
