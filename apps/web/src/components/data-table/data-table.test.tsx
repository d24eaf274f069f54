import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { DataTable, type DataTableColumn } from './data-table';
import { usePaginationState } from './use-pagination-state';

type Row = { id: string; name: string };

const ALL_ROWS: Row[] = Array.from({ length: 45 }, (_, i) => ({ id: `r${i + 1}`, name: `Vendor ${i + 1}` }));
const columns: DataTableColumn<Row>[] = [
  { key: 'id', header: 'Id', cell: (row) => row.id },
  { key: 'name', header: 'Name', cell: (row) => row.name },
];

/** Server-side paging over ALL_ROWS[0, total). */
const PagedTable = ({ total, isLoading = false }: { total: number; isLoading?: boolean }) => {
  const { page, pageSize, setPage, setPageSize } = usePaginationState();
  const rows = ALL_ROWS.slice(0, total).slice((page - 1) * pageSize, page * pageSize);
  return (
    <DataTable
      caption="Vendors"
      columns={columns}
      data={isLoading ? undefined : rows}
      getRowKey={(row) => row.id}
      isLoading={isLoading}
      pagination={{ page, pageSize, total, onPageChange: setPage, onPageSizeChange: setPageSize }}
    />
  );
};

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Vendors' }))
    .getAllByRole('row')
    .slice(1);

describe('DataTable', () => {
  it('keeps a nowrap column on one line, header and cells, and lets the others wrap', () => {
    renderWithProviders(
      <DataTable
        caption="Vendors"
        columns={[
          columns[0] as DataTableColumn<Row>,
          { ...(columns[1] as DataTableColumn<Row>), nowrap: true },
        ]}
        data={ALL_ROWS.slice(0, 2)}
        getRowKey={(row) => row.id}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.getByRole('cell', { name: 'Vendor 1' })).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.getByRole('cell', { name: 'r1' }).style.whiteSpace).toBe('');
  });

  it('shows Loading... while loading, announced politely', () => {
    renderWithProviders(<PagedTable total={45} isLoading />);
    const table = screen.getByRole('table', { name: 'Vendors' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows No results found. when empty, without a pager', () => {
    renderWithProviders(<PagedTable total={0} />);
    expect(screen.getByText('No results found.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows rows without a pager when the total is 10 or less', () => {
    renderWithProviders(<PagedTable total={10} />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Id', 'Name']);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('pages with keyboard-accessible buttons when the total exceeds 10', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PagedTable total={45} />);
    const pager = screen.getByRole('navigation', { name: 'Vendors pagination' });
    expect(within(pager).getByText('1-10 of 45')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(within(pager).getByRole('button', { name: 'First page' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(within(pager).getByText('11-20 of 45')).toBeInTheDocument();
    expect(within(pager).getByText('Page 2 of 5')).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent('Vendor 11');

    within(pager).getByRole('button', { name: 'Last page' }).focus();
    await user.keyboard('{Enter}');
    expect(within(pager).getByText('41-45 of 45')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);
    expect(within(pager).getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('changes the page size among 10, 20 and 30 and returns to page 1', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PagedTable total={45} />);
    const select = screen.getByLabelText('Rows per page');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '30']);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.selectOptions(select, '20');
    expect(screen.getByText('1-20 of 45')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(20);
    await user.selectOptions(select, '30');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('31-45 of 45')).toBeInTheDocument();
  });

  it('highlights the selected row', () => {
    renderWithProviders(
      <DataTable
        caption="Vendors"
        columns={columns}
        data={ALL_ROWS.slice(0, 3)}
        getRowKey={(row) => row.id}
        selectedRowKey="r2"
      />,
    );
    expect(bodyRows()[1]).toHaveAttribute('data-selected', 'true');
    expect(bodyRows()[0]).not.toHaveAttribute('data-selected');
  });
});
