import { Anchor, Group, Text, UnstyledButton } from '@mantine/core';
import { IconSortAscendingLetters, IconSortDescendingLetters } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn, type DataTablePagination } from '@/components/data-table';
import { AutoPaymentLabelBadge } from '@/components/payments/auto-payment-badge';
import { isTruncated, TruncatedText, truncateText } from '@/components/truncated-text';
import type { Contact } from '../api/contact-schemas';
import type { ContactKindConfig } from '../utils/contact-kind';
import { formatPhone } from '../utils/display';
import { NetworkBadge } from './network-badge';
import { SecondaryEmailsBadge } from './secondary-emails-badge';

export type SortOrder = 'asc' | 'desc';

export type ContactsTableProps = {
  businessId: string;
  config: ContactKindConfig;
  contacts: Contact[] | undefined;
  isLoading: boolean;
  pagination: DataTablePagination;
  sortOrder: SortOrder;
  onToggleSort: () => void;
};

const SortHeader = ({ sortOrder, onToggle }: { sortOrder: SortOrder; onToggle: () => void }) => {
  const Icon = sortOrder === 'asc' ? IconSortAscendingLetters : IconSortDescendingLetters;
  return (
    <UnstyledButton
      onClick={onToggle}
      aria-label={`Name, sorted ${sortOrder === 'asc' ? 'A to Z' : 'Z to A'}`}
      fz="inherit"
      fw="inherit"
      c="inherit"
      style={{ textTransform: 'inherit', letterSpacing: 'inherit' }}
    >
      <Group gap={4} wrap="nowrap">
        Name
        <Icon size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
};

/** The vendor or customer list: name (linked, with the network and auto-payment badges), email with '+N', phone. */
export const ContactsTable = ({
  businessId,
  config,
  contacts,
  isLoading,
  pagination,
  sortOrder,
  onToggleSort,
}: ContactsTableProps) => {
  const columns: DataTableColumn<Contact>[] = [
    {
      key: 'name',
      header: <SortHeader sortOrder={sortOrder} onToggle={onToggleSort} />,
      cell: (contact) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor
            component={Link}
            to={config.detailHref(businessId, contact.id)}
            fw={600}
            size="sm"
            title={isTruncated(contact.name) ? contact.name : undefined}
          >
            {truncateText(contact.name)}
          </Anchor>
          <NetworkBadge business={contact.fbnBusiness} />
          <AutoPaymentLabelBadge status={contact.autoPaymentStatus} />
        </Group>
      ),
    },
    {
      key: 'email',
      header: 'Email',
      cell: (contact) =>
        contact.email ? (
          <Group gap="xs" wrap="nowrap">
            <TruncatedText text={contact.email} size="sm" />
            <SecondaryEmailsBadge emails={contact.secondaryEmails} />
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Not set
          </Text>
        ),
    },
    {
      key: 'phone',
      header: 'Phone',
      width: 200,
      cell: (contact) => (
        <Text size="sm" c={contact.phones.default ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {contact.phones.default ? formatPhone(contact.phones.default) : 'Not set'}
        </Text>
      ),
    },
  ];

  return (
    <DataTable
      caption={config.pluralLabel}
      columns={columns}
      data={contacts}
      getRowKey={(contact) => contact.id}
      isLoading={isLoading}
      pagination={pagination}
    />
  );
};
