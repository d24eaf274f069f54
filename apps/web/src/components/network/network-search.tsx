import {
  CONTACT_SEARCH_MAX,
  MESSAGES,
  MONEY_MESSAGES,
  NETWORK_SEARCH_MIN,
  type NetworkBusiness,
} from '@ferry/domain';
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { LoadMoreButton, QueryStateBlock } from '@/components/query-state-block';
import { isApiError } from '@/lib/api-error';
import {
  CONTACT_ADDED_MESSAGES,
  type ContactKind,
  useAddNetworkContact,
  useNetworkSearch,
} from './network-api';

/** Spec 002 §5: the network search starts 800 ms after the last key, from 3 characters. */
export const NETWORK_SEARCH_DEBOUNCE_MS = 800;

const NOT_FOUND: Record<ContactKind, string> = {
  vendor: MONEY_MESSAGES.vendorNotFound,
  customer: MONEY_MESSAGES.customerNotFound,
};
export const ADD_LABEL: Record<ContactKind, string> = { vendor: 'Add Vendor', customer: 'Add Customer' };

export const failureMessage = (error: unknown) =>
  isApiError(error) && error.statusCode >= 400 && error.statusCode < 500
    ? error.message
    : MESSAGES.somethingWentWrongDot;

const formatPlace = (business: NetworkBusiness): string => {
  const billing = business.addresses.billing;
  return billing ? [billing.city, billing.state, billing.country].filter(Boolean).join(', ') : '';
};

/** A network business's name, verified badge and place. */
export const BusinessSummary = ({ business }: { business: NetworkBusiness }) => {
  const place = formatPlace(business);
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap">
        <Text fw={600} size="sm" truncate="end">
          {business.businessName}
        </Text>
        {business.verificationStatus === 'FULL_VERIFIED' ? (
          <Badge
            size="xs"
            variant="light"
            color="teal"
            tt="none"
            leftSection={<IconCircleCheck size={10} aria-hidden />}
          >
            Verified
          </Badge>
        ) : null}
      </Group>
      {business.businessEmail ? (
        <Text size="xs" c="dimmed" truncate="end">
          {business.businessEmail}
        </Text>
      ) : null}
      {place || business.website ? (
        <Text size="xs" c="dimmed" truncate="end">
          {[place, business.website].filter(Boolean).join(' · ')}
        </Text>
      ) : null}
    </Stack>
  );
};

export type NetworkSearchProps = {
  businessId: string;
  kind: ContactKind;
  /** Called with the new contact's id once the chosen business was added. */
  onAdded: (contactId: string) => void;
};

/**
 * Business-network search (spec 002 §2): businesses on Ferry that allow discovery, found by name from 3
 * characters after an 800 ms pause; 'Select' opens a confirm card with Back and 'Add Vendor' / 'Add Customer'.
 */
export const NetworkSearch = ({ businessId, kind, onAdded }: NetworkSearchProps) => {
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value.trim(), NETWORK_SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<NetworkBusiness | null>(null);
  const search = useNetworkSearch(businessId, debounced);
  const add = useAddNetworkContact(businessId, kind);
  const label = kind === 'vendor' ? 'Search vendors on Ferry' : 'Search customers on Ferry';

  const confirm = async (business: NetworkBusiness) => {
    try {
      const contact = await add.mutateAsync(business.id);
      notifications.show({ color: 'teal', title: ADD_LABEL[kind], message: CONTACT_ADDED_MESSAGES[kind] });
      setSelected(null);
      onAdded(contact.id);
    } catch (error) {
      notifications.show({ color: 'red', title: ADD_LABEL[kind], message: failureMessage(error) });
    }
  };

  if (selected) {
    return (
      <Paper withBorder radius="md" p="md" aria-label="Selected business">
        <Stack gap="md">
          <BusinessSummary business={selected} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setSelected(null)} disabled={add.isPending}>
              Back
            </Button>
            <Button onClick={() => void confirm(selected)} loading={add.isPending}>
              {ADD_LABEL[kind]}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  const searching = debounced.length >= NETWORK_SEARCH_MIN;
  const results = search.data?.pages.flatMap((page) => page.items) ?? [];
  let body: ReactNode = null;
  if (!searching) {
    body =
      value.trim().length > 0 ? (
        <Text size="xs" c="dimmed">
          Type at least {NETWORK_SEARCH_MIN} characters to search.
        </Text>
      ) : null;
  } else {
    body = (
      <QueryStateBlock
        query={search}
        loadingLabel="Searching"
        loadingPy="sm"
        isEmpty={results.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {NOT_FOUND[kind]}
          </Text>
        }
      >
        <Stack gap="xs" role="list" aria-label="Businesses on Ferry">
          {results.map((business) => (
            <Paper
              key={business.id}
              withBorder
              radius="md"
              p="sm"
              role="listitem"
              aria-label={business.businessName}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <BusinessSummary business={business} />
                <Button size="xs" variant="light" onClick={() => setSelected(business)}>
                  Select
                </Button>
              </Group>
            </Paper>
          ))}
          <LoadMoreButton query={search} />
        </Stack>
      </QueryStateBlock>
    );
  }

  return (
    <Stack gap="sm">
      <TextInput
        label={label}
        placeholder="Business name"
        maxLength={CONTACT_SEARCH_MAX}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        type="search"
      />
      {body}
    </Stack>
  );
};
