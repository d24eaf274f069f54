import { CONTACT_SEARCH_MAX } from '@ferry/domain';
import { Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePaginationState } from '@/components/data-table';
import { ErrorState } from '@/components/error-state';
import { InviteToNetworkButton } from '@/components/network/invite-to-network';
import { useBusinessAccess } from '@/lib/business-access';
import { useContacts } from '../api/get-contacts';
import { getContactAccess } from '../utils/access';
import { CONTACT_KINDS, type ContactKind } from '../utils/contact-kind';
import { ContactsEmptyState } from './contacts-empty-state';
import { ContactsTable, type SortOrder } from './contacts-table';

/** Spec 002 §5, §9: the search box takes at most 30 characters; the list follows it after 300 ms. */
export const SEARCH_MAX_LENGTH = CONTACT_SEARCH_MAX;
export const SEARCH_DEBOUNCE_MS = 300;

const ListSkeleton = () => (
  <Paper withBorder radius="md" p="md" aria-busy="true" aria-label="Loading the list">
    <Stack gap="sm">
      {[0, 1, 2, 3, 4].map((i) => (
        <Group key={i} gap="md" wrap="nowrap">
          <Skeleton height={16} width="30%" />
          <Skeleton height={16} width="40%" />
          <Skeleton height={16} width="20%" />
        </Group>
      ))}
    </Stack>
  </Paper>
);

/**
 * `/b/{id}/vendors` and `/customers`: the contacts of the business with search (max 30 characters),
 * sort by name (ascending first) and paging; the empty state when there are none at all.
 */
export function ContactsListPage({ kind }: { kind: ContactKind }) {
  const config = CONTACT_KINDS[kind];
  const { businessId = '' } = useParams();
  const businessQuery = useBusinessAccess(businessId);
  const [search, setSearch] = useState('');
  const [searchTerm] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sortOrder, setSortOrder] = useState<SortOrder>('asc');
  const pagination = usePaginationState();
  const { reset: resetPage } = pagination;
  // A new search starts from the first page (set while rendering, so the old page is never asked for).
  const [pagedTerm, setPagedTerm] = useState(searchTerm);
  if (pagedTerm !== searchTerm) {
    setPagedTerm(searchTerm);
    resetPage();
  }
  const contactsQuery = useContacts(businessId, config, {
    pageNumber: pagination.page,
    pageSize: pagination.pageSize,
    sortOrder,
    searchTerm,
  });

  const access = businessQuery.data ? getContactAccess(businessQuery.data, config) : null;
  const failed = businessQuery.isError ? businessQuery : contactsQuery.isError ? contactsQuery : null;
  const page = contactsQuery.data;
  const isEmpty = page !== undefined && page.total === 0 && searchTerm === '' && search.trim() === '';

  let content: React.ReactNode;
  if (failed) {
    content = <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />;
  } else if (!access || !page) {
    content = <ListSkeleton />;
  } else if (isEmpty) {
    content = <ContactsEmptyState businessId={businessId} config={config} access={access} />;
  } else {
    content = (
      <Stack gap="md">
        <TextInput
          aria-label={`Search ${config.pluralLabel.toLowerCase()}`}
          placeholder={`Search ${config.pluralLabel.toLowerCase()} by name or email`}
          leftSection={<IconSearch size={16} aria-hidden />}
          maxLength={SEARCH_MAX_LENGTH}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value.slice(0, SEARCH_MAX_LENGTH))}
          maw={360}
          type="search"
        />
        <ContactsTable
          businessId={businessId}
          config={config}
          contacts={page.items}
          isLoading={contactsQuery.isPlaceholderData && contactsQuery.isFetching}
          sortOrder={sortOrder}
          onToggleSort={() => {
            setSortOrder((order) => (order === 'asc' ? 'desc' : 'asc'));
            resetPage();
          }}
          pagination={{
            page: pagination.page,
            pageSize: pagination.pageSize,
            total: page.total,
            onPageChange: pagination.setPage,
            onPageSizeChange: pagination.setPageSize,
          }}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="xl" maw={1120}>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={30} lts="-0.02em">
            {config.pluralLabel}
          </Title>
          <Text size="sm" c="dimmed">
            {kind === 'vendor'
              ? 'The businesses and people you pay.'
              : 'The businesses and people who pay you.'}
          </Text>
        </Stack>
        {access?.canManage && !isEmpty ? (
          <Group gap="sm">
            <InviteToNetworkButton businessId={businessId} kind={kind} />
            <Button
              component={Link}
              to={config.addHref(businessId)}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              Add {config.label}
            </Button>
          </Group>
        ) : null}
      </Group>
      {content}
    </Stack>
  );
}
