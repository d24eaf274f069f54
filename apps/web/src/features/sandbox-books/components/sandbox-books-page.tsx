import { SANDBOX_BOOKS_KINDS, type SandboxBooksKind } from '@ferry/domain/schemas';
import { Anchor, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { useSandboxCompanies } from '../api/companies';
import { KIND_TEXT, TAB_KINDS } from '../utils/kinds';
import { BooksFrame } from './books-frame';
import { CompanyPicker } from './company-picker';
import { ConnectionsPanel } from './connections-panel';
import { FocusedTitle } from './focused-title';
import { RecordsPanel } from './records-panel';

const NOTICE =
  'Sandbox Books stands in for QuickBooks Online, Xero, FreshBooks and Zoho Books when no real adapter is configured. Change something here, sync in Ferry, and see it arrive.';

const readKind = (value: string | null): SandboxBooksKind =>
  (SANDBOX_BOOKS_KINDS as readonly string[]).includes(value ?? '') ? (value as SandboxBooksKind) : 'VENDOR';

/**
 * `/sandbox/books?company&kind` (signed in, outside the app shell): the signed-in user's Sandbox Books
 * companies — one kind of record per tab, with search, paging, add, edit and delete — and the connections
 * made to the company, whose tokens can be expired to try Ferry's Reconnect.
 */
export const SandboxBooksPage = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const companies = useSandboxCompanies();
  const list = companies.data ?? [];
  const company = list.find((c) => c.id === searchParams.get('company')) ?? list[0] ?? null;
  const kind = readKind(searchParams.get('kind'));

  const setParam = (name: 'company' | 'kind', value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        if (name === 'company') next.delete('kind');
        return next;
      },
      { replace: true },
    );

  let content: ReactNode;
  if (companies.isError) {
    content = <ErrorState error={companies.error} onRetry={() => void companies.refetch()} />;
  } else if (companies.isPending) {
    content = (
      <Paper withBorder radius="md" p="lg" aria-busy="true" aria-label="Loading your companies">
        <Skeleton height={20} width="40%" mb="md" />
        <Skeleton height={14} mb="xs" />
        <Skeleton height={14} />
      </Paper>
    );
  } else if (!company) {
    content = (
      <Paper withBorder radius="md" p="lg" bg="white">
        <Text size="sm">You have no companies yet. Make one with sample data to start.</Text>
      </Paper>
    );
  } else {
    content = (
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg" bg="white">
          <Tabs value={kind} onChange={(value) => value && setParam('kind', value)} keepMounted={false}>
            <Tabs.List mb="md">
              {TAB_KINDS.map((tab) => (
                <Tabs.Tab key={tab} value={tab}>
                  {KIND_TEXT[tab].label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {TAB_KINDS.map((tab) => (
              <Tabs.Panel key={tab} value={tab}>
                <RecordsPanel key={`${company.id}-${tab}`} company={company} kind={tab} />
              </Tabs.Panel>
            ))}
          </Tabs>
        </Paper>
        <ConnectionsPanel key={company.id} companyId={company.id} />
      </Stack>
    );
  }

  return (
    <BooksFrame size="xl" notice={NOTICE}>
      <Stack gap="lg">
        <Anchor component={Link} to="/" size="sm" c="dark">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Back to Ferry
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-end">
          <FocusedTitle fz="h2">Sandbox Books</FocusedTitle>
          {companies.data ? (
            <CompanyPicker
              companies={list}
              companyId={company?.id ?? null}
              onChange={(id) => setParam('company', id)}
            />
          ) : null}
        </Group>
        {content}
      </Stack>
    </BooksFrame>
  );
};
