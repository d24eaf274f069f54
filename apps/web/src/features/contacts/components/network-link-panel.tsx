import { MESSAGES, NETWORK_SEARCH_MIN, type NetworkBusiness } from '@ferry/domain';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { useNetworkSearch } from '@/components/network/network-api';
import { QueryStateBlock } from '@/components/query-state-block';
import { isApiError } from '@/lib/api-error';
import type { Contact } from '../api/contact-schemas';
import { useLinkNetworkBusiness } from '../api/link-network-business';
import type { ContactKindConfig } from '../utils/contact-kind';

/** Spec 002 §5: the network search starts 800 ms after the last key, from 3 characters. */
export const NETWORK_LINK_DEBOUNCE_MS = 800;
export const CONTACT_LINKED_MESSAGE = 'Contact linked successfully.';

const describePlace = (business: NetworkBusiness): string => {
  const billing = business.addresses.billing;
  return billing ? [billing.city, billing.state, billing.country].filter(Boolean).join(', ') : '';
};

const BusinessLine = ({ business }: { business: NetworkBusiness }) => (
  <Stack gap={0} style={{ minWidth: 0 }}>
    <Text size="sm" fw={600} truncate="end">
      {business.businessName}
    </Text>
    <Text size="xs" c="dimmed" truncate="end">
      {[business.businessEmail, describePlace(business)].filter(Boolean).join(' · ')}
    </Text>
  </Stack>
);

export type NetworkLinkPanelProps = {
  businessId: string;
  config: ContactKindConfig;
  contact: Contact;
  onLinked: () => void;
};

/**
 * Finalize option 1: search the Ferry network, select a business, and link the contact to it
 * (`POST /contact-business-mapping`). The link button needs a selected business.
 */
export const NetworkLinkPanel = ({ businessId, config, contact, onLinked }: NetworkLinkPanelProps) => {
  const [value, setValue] = useState('');
  const [term] = useDebouncedValue(value.trim(), NETWORK_LINK_DEBOUNCE_MS);
  const [selected, setSelected] = useState<NetworkBusiness | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const search = useNetworkSearch(businessId, term);
  const link = useLinkNetworkBusiness(businessId, config, contact.id);

  const confirm = async (business: NetworkBusiness) => {
    setFailure(null);
    try {
      await link.mutateAsync(business.id);
      notifications.show({ color: 'teal', message: CONTACT_LINKED_MESSAGE });
      onLinked();
    } catch (error) {
      setFailure(
        isApiError(error) && error.statusCode < 500 ? error.message : MESSAGES.somethingWentWrongDot,
      );
    }
  };

  if (selected) {
    return (
      <Stack gap="md">
        <Paper withBorder radius="md" p="md" aria-label="Selected business">
          <BusinessLine business={selected} />
        </Paper>
        <ErrorAlert>{failure}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setSelected(null)} disabled={link.isPending}>
            Back
          </Button>
          <Button onClick={() => void confirm(selected)} loading={link.isPending}>
            Link {config.label}
          </Button>
        </Group>
      </Stack>
    );
  }

  const results = search.data?.pages.flatMap((page) => page.items) ?? [];
  let body: ReactNode = null;
  if (term.length < NETWORK_SEARCH_MIN) {
    body =
      value.trim() === '' ? null : (
        <Text size="xs" c="dimmed">
          Type at least {NETWORK_SEARCH_MIN} characters to search.
        </Text>
      );
  } else {
    body = (
      <QueryStateBlock
        query={search}
        loadingLabel="Searching"
        loadingPy="sm"
        isEmpty={results.length === 0}
        empty={
          <Text size="sm" c="dimmed" role="status">
            No business on Ferry matches “{term}”. You can enter the details instead.
          </Text>
        }
      >
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Businesses on Ferry"
        >
          {results.map((business) => (
            <Paper component="li" key={business.id} withBorder radius="md" px="md" py="xs">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <BusinessLine business={business} />
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setSelected(business)}
                  aria-label={`Select ${business.businessName}`}
                >
                  Select
                </Button>
              </Group>
            </Paper>
          ))}
          {search.hasNextPage ? (
            <Button
              variant="subtle"
              size="xs"
              onClick={() => void search.fetchNextPage()}
              loading={search.isFetchingNextPage}
            >
              Show more
            </Button>
          ) : null}
        </Stack>
      </QueryStateBlock>
    );
  }

  return (
    <Stack gap="sm">
      <TextInput
        label="Business name"
        placeholder="Search businesses on Ferry"
        leftSection={<IconSearch size={16} aria-hidden />}
        maxLength={100}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        data-autofocus
      />
      {body}
    </Stack>
  );
};
