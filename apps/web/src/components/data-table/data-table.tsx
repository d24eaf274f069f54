import { MESSAGES } from '@ferry/domain';
import { Paper, Table, Text } from '@mantine/core';
import type { CSSProperties, KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { DataTablePager } from './data-table-pager';
import { shouldShowPager } from './pagination';

export type DataTableColumn<T> = {
  /** Unique per table. */
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
  /** Keep the cells on one line (dates, amounts, references): the column widens instead of wrapping. */
  nowrap?: boolean;
};

export type DataTablePagination = {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

export type DataTableProps<T> = {
  /** Describes the table; read by screen readers, shown only with `showCaption`. */
  caption: string;
  showCaption?: boolean;
  columns: readonly DataTableColumn<T>[];
  /** The rows of the current page. */
  data: readonly T[] | undefined;
  getRowKey: (row: T) => string;
  isLoading?: boolean;
  /** Server-side paging; the pager shows only when `total` exceeds 10 (spec 000 §9). */
  pagination?: DataTablePagination;
  selectedRowKey?: string | null;
  /**
   * Makes each row open something: a click on the row (not on a control inside it) or Enter on the
   * focused row calls it. `rowLabel` names the row for screen readers ('Open bill BILL-0001').
   */
  onRowClick?: (row: T) => void;
  rowLabel?: (row: T) => string;
};

/** Clicks on a control inside a clickable row belong to the control, not to the row. */
const fromControl = (target: EventTarget | null, row: Element): boolean => {
  const control =
    target instanceof Element
      ? target.closest('a, button, input, select, textarea, label, [role="checkbox"], [role="menuitem"]')
      : null;
  return control !== null && control !== row && row.contains(control);
};

const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

const MessageRow = ({ colSpan, children, live }: { colSpan: number; children: string; live?: boolean }) => (
  <Table.Tr>
    <Table.Td colSpan={colSpan} py="xl">
      <Text ta="center" c="dimmed" size="sm" {...(live ? { role: 'status', 'aria-live': 'polite' } : {})}>
        {children}
      </Text>
    </Table.Td>
  </Table.Tr>
);

export const DataTable = <T,>({
  caption,
  showCaption = false,
  columns,
  data,
  getRowKey,
  isLoading = false,
  pagination,
  selectedRowKey,
  onRowClick,
  rowLabel,
}: DataTableProps<T>) => {
  const rows = data ?? [];
  const isEmpty = !isLoading && rows.length === 0;

  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={560} type="native">
        <Table
          verticalSpacing="sm"
          horizontalSpacing="md"
          highlightOnHover={!isLoading && !isEmpty}
          aria-busy={isLoading}
          captionSide="top"
        >
          <Table.Caption
            style={showCaption ? { textAlign: 'left', padding: 'var(--mantine-spacing-md)' } : visuallyHidden}
          >
            {caption}
          </Table.Caption>
          <Table.Thead bg="var(--mantine-color-gray-0)">
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  scope="col"
                  ta={column.align ?? 'left'}
                  w={column.width}
                  fz="xs"
                  tt="uppercase"
                  c="dimmed"
                  fw={600}
                  style={{ letterSpacing: '0.04em', whiteSpace: column.nowrap ? 'nowrap' : undefined }}
                >
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {isLoading ? (
              <MessageRow colSpan={columns.length} live>
                {MESSAGES.tableLoading}
              </MessageRow>
            ) : isEmpty ? (
              <MessageRow colSpan={columns.length}>{MESSAGES.tableEmpty}</MessageRow>
            ) : (
              rows.map((row) => {
                const key = getRowKey(row);
                const isSelected = selectedRowKey === key;
                return (
                  <Table.Tr
                    key={key}
                    data-selected={isSelected || undefined}
                    bg={isSelected ? 'var(--mantine-primary-color-0)' : undefined}
                    style={{
                      ...(isSelected
                        ? { boxShadow: 'inset 3px 0 0 var(--mantine-primary-color-filled)' }
                        : {}),
                      ...(onRowClick ? { cursor: 'pointer' } : {}),
                    }}
                    {...(onRowClick
                      ? {
                          tabIndex: 0,
                          'aria-label': rowLabel?.(row),
                          onClick: (event: MouseEvent<HTMLTableRowElement>) => {
                            if (!fromControl(event.target, event.currentTarget)) onRowClick(row);
                          },
                          onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
                            if (event.key === 'Enter' && event.target === event.currentTarget) {
                              event.preventDefault();
                              onRowClick(row);
                            }
                          },
                        }
                      : {})}
                  >
                    {columns.map((column) => (
                      <Table.Td
                        key={column.key}
                        ta={column.align ?? 'left'}
                        style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                      >
                        {column.cell(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pagination && !isLoading && shouldShowPager(pagination.total) ? (
        <div style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <DataTablePager {...pagination} label={`${caption} pagination`} />
        </div>
      ) : null}
    </Paper>
  );
};
