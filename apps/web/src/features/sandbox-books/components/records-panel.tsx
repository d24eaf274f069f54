import type { SandboxBooksKind, SandboxCompany, SandboxRecord } from '@ferry/domain/schemas';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { type DataTableColumn, QueryDataTable, usePaginationState } from '@/components/data-table';
import { SearchField } from '@/components/search-field';
import { getErrorMessage } from '@/lib/api-error';
import { useDeleteSandboxRecord, useSandboxContacts, useSandboxRecords } from '../api/records';
import { contactKindOf, type EditableKind, isEditableKind, KIND_TEXT, textOf } from '../utils/kinds';
import { ConfirmDialog } from './confirm-dialog';
import { columnsOf, recordName } from './record-columns';
import { RecordDialog } from './record-dialog';

const capitalise = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** Edit and Delete on a row (an inactive row can still be edited, not deleted again). */
const rowActions = (
  singular: string,
  onEdit: (record: SandboxRecord) => void,
  onDelete: (record: SandboxRecord) => void,
): DataTableColumn<SandboxRecord> => ({
  key: 'actions',
  header: <span style={{ position: 'absolute', left: -9999 }}>Actions</span>,
  align: 'right',
  nowrap: true,
  cell: (record) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => onEdit(record)}
        aria-label={`Edit ${singular} ${recordName(record)}`}
      >
        Edit
      </Button>
      {record.active ? (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          onClick={() => onDelete(record)}
          aria-label={`Delete ${singular} ${recordName(record)}`}
        >
          Delete
        </Button>
      ) : null}
    </Group>
  ),
});

/** One tab of the browse page: a kind's records with search and paging; Add, Edit and Delete for editable kinds. */
export const RecordsPanel = ({ company, kind }: { company: SandboxCompany; kind: SandboxBooksKind }) => {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const pagination = usePaginationState();
  const { reset } = pagination;
  const records = useSandboxRecords(company.id, {
    kind,
    search: debouncedSearch,
    pageNumber: pagination.page,
    pageSize: pagination.pageSize,
  });
  const hasContacts = kind !== 'VENDOR' && kind !== 'CUSTOMER' && kind !== 'ACCOUNT' && kind !== 'ITEM';
  const contacts = useSandboxContacts(company.id, contactKindOf(kind), hasContacts);
  const [editing, setEditing] = useState<{ record: SandboxRecord | null } | null>(null);
  const [deleting, setDeleting] = useState<SandboxRecord | null>(null);
  const remove = useDeleteSandboxRecord(company.id);
  const { singular, label } = KIND_TEXT[kind];

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts from the first page
  useEffect(() => reset(), [debouncedSearch, reset]);

  const columns = useMemo(() => {
    const names = new Map((contacts.data?.items ?? []).map((c) => [c.id, textOf(c.data, 'name')]));
    return columnsOf(kind, {
      currency: company.currency,
      contactName: (id) => names.get(id) || id || '—',
      actions: isEditableKind(kind)
        ? rowActions(
            singular,
            (record) => setEditing({ record }),
            (record) => {
              remove.reset();
              setDeleting(record);
            },
          )
        : null,
    });
  }, [kind, company.currency, contacts.data, singular, remove.reset]);

  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        notifications.show({
          color: 'teal',
          message: `${capitalise(singular)} deleted: it shows as inactive.`,
        });
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <SearchField
          label={`Search ${label.toLowerCase()}`}
          value={search}
          maxLength={100}
          onChange={setSearch}
        />
        {isEditableKind(kind) ? (
          <Button
            color="dark"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ record: null })}
          >
            {`Add ${singular}`}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            Payments are written by Ferry through the API.
          </Text>
        )}
      </Group>
      <QueryDataTable
        query={records}
        loadingLabel={`Loading ${label.toLowerCase()}`}
        empty={
          <Text size="sm" c="dimmed" ta="center">
            {debouncedSearch
              ? `No ${label.toLowerCase()} match “${debouncedSearch}”.`
              : `No ${label.toLowerCase()} yet.`}
          </Text>
        }
        caption={label}
        columns={columns}
        getRowKey={(record) => record.id}
        pagination={pagination}
      />
      {isEditableKind(kind) ? (
        <RecordDialog
          opened={editing !== null}
          onClose={() => setEditing(null)}
          companyId={company.id}
          kind={kind as EditableKind}
          record={editing?.record ?? null}
        />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete ${singular}?`}
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.isError ? getErrorMessage(remove.error) : null}
        onConfirm={onDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting
          ? `${recordName(deleting)} stays in the books as inactive, the way a deleted record does in the real system.`
          : null}
      </ConfirmDialog>
    </Stack>
  );
};
