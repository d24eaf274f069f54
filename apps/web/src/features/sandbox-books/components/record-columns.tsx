import { formatDate, formatMoney } from '@ferry/domain';
import type { SandboxBooksKind, SandboxRecord } from '@ferry/domain/schemas';
import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DataTableColumn } from '@/components/data-table';
import { ACCOUNT_TYPES, centsOf, DOCUMENT_STATUSES, textOf } from '../utils/kinds';

type Column = DataTableColumn<SandboxRecord>;

const dash = (text: string): string => text || '—';

const money = (record: SandboxRecord, key: string, currency: string): string => {
  const cents = centsOf(record.data, key);
  return cents === null ? '—' : formatMoney(cents, currency);
};

const date = (record: SandboxRecord, key: string): string => {
  const value = textOf(record.data, key);
  return value ? formatDate(value) || value : '—';
};

/** The name a row is known by ('Paper Supply Co', 'Bill 1042'). */
export const recordName = (record: SandboxRecord): string => {
  const name = textOf(record.data, 'name');
  if (name) return name;
  const number = textOf(record.data, 'number');
  return number ? `#${number}` : record.id;
};

/** Active, or Inactive for a deleted or archived record (a document shows its status too). */
const StatusCell = ({ record, children }: { record: SandboxRecord; children?: ReactNode }) => (
  <Group gap={6} wrap="nowrap">
    {children}
    {record.active ? null : (
      <Badge color="gray" variant="outline" radius="sm" tt="none">
        Inactive
      </Badge>
    )}
    {record.active && !children ? (
      <Badge color="teal" variant="light" radius="sm" tt="none">
        Active
      </Badge>
    ) : null}
  </Group>
);

const nameColumn: Column = {
  key: 'name',
  header: 'Name',
  cell: (record) => (
    <Text size="sm" fw={500} c={record.active ? undefined : 'dimmed'}>
      {recordName(record)}
    </Text>
  ),
};
const statusColumn: Column = {
  key: 'status',
  header: 'Status',
  cell: (record) => <StatusCell record={record} />,
};

const documentStatus = (record: SandboxRecord) => {
  const status = textOf(record.data, 'status') || 'OPEN';
  const label = DOCUMENT_STATUSES.find((s) => s.value === status)?.label ?? status;
  return (
    <StatusCell record={record}>
      <Badge
        variant="light"
        radius="sm"
        tt="none"
        color={status === 'PAID' ? 'teal' : status === 'VOID' ? 'gray' : 'blue'}
      >
        {label}
      </Badge>
    </StatusCell>
  );
};

/**
 * The table's columns for a kind. `contactName` names a document's vendor or customer by id; `currency`
 * is the company's.
 */
export const columnsOf = (
  kind: SandboxBooksKind,
  options: { currency: string; contactName: (id: string) => string; actions: Column | null },
): Column[] => {
  const { currency, contactName, actions } = options;
  const withActions = (columns: Column[]) => (actions ? [...columns, actions] : columns);
  switch (kind) {
    case 'VENDOR':
    case 'CUSTOMER':
      return withActions([
        nameColumn,
        { key: 'email', header: 'Email', cell: (r) => dash(textOf(r.data, 'email')) },
        { key: 'phone', header: 'Phone', cell: (r) => dash(textOf(r.data, 'phone')), nowrap: true },
        statusColumn,
      ]);
    case 'ACCOUNT':
      return withActions([
        nameColumn,
        { key: 'number', header: 'Number', cell: (r) => dash(textOf(r.data, 'number')), nowrap: true },
        {
          key: 'type',
          header: 'Type',
          cell: (r) => ACCOUNT_TYPES.find((t) => t.value === textOf(r.data, 'type'))?.label ?? '—',
        },
        statusColumn,
      ]);
    case 'ITEM':
      return withActions([
        nameColumn,
        { key: 'description', header: 'Description', cell: (r) => dash(textOf(r.data, 'description')) },
        {
          key: 'price',
          header: 'Price',
          align: 'right',
          nowrap: true,
          cell: (r) => money(r, 'unitPriceCents', currency),
        },
        {
          key: 'use',
          header: 'Sold / purchased',
          cell: (r) =>
            [r.data.isSold === true ? 'Sold' : null, r.data.isPurchased === true ? 'Purchased' : null]
              .filter(Boolean)
              .join(', ') || '—',
        },
        statusColumn,
      ]);
    case 'BILL':
    case 'INVOICE':
      return withActions([
        { key: 'number', header: 'Number', nowrap: true, cell: (r) => dash(textOf(r.data, 'number')) },
        {
          key: 'contact',
          header: kind === 'BILL' ? 'Vendor' : 'Customer',
          cell: (r) => textOf(r.data, 'contactName') || contactName(textOf(r.data, 'contactRemoteId')),
        },
        { key: 'date', header: 'Date', nowrap: true, cell: (r) => date(r, 'date') },
        { key: 'due', header: 'Due date', nowrap: true, cell: (r) => date(r, 'dueDate') },
        {
          key: 'total',
          header: 'Total',
          align: 'right',
          nowrap: true,
          cell: (r) => money(r, 'totalCents', currency),
        },
        {
          key: 'balance',
          header: 'Balance',
          align: 'right',
          nowrap: true,
          cell: (r) => money(r, 'balanceCents', currency),
        },
        { key: 'status', header: 'Status', cell: documentStatus },
      ]);
    default:
      return [
        { key: 'date', header: 'Date', nowrap: true, cell: (r) => date(r, 'date') },
        {
          key: 'contact',
          header: kind === 'BILL_PAYMENT' ? 'Vendor' : 'Customer',
          cell: (r) => contactName(textOf(r.data, 'contactRemoteId')),
        },
        {
          key: 'document',
          header: kind === 'BILL_PAYMENT' ? 'Bill' : 'Invoice',
          cell: (r) => dash(textOf(r.data, 'documentRemoteId')),
        },
        {
          key: 'amount',
          header: 'Amount',
          align: 'right',
          nowrap: true,
          cell: (r) => money(r, 'amountCents', currency),
        },
        { key: 'reference', header: 'Reference', cell: (r) => dash(textOf(r.data, 'reference')) },
        // What the payer wrote: Ferry puts its payment id and the rail's reference here.
        { key: 'memo', header: 'Memo', cell: (r) => dash(textOf(r.data, 'memo')) },
        statusColumn,
      ];
  }
};
