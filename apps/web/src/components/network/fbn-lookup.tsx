import { CONTACT_SEARCH_MAX, FBN_SEARCH_MIN, type FbnLookupResult, MONEY_MESSAGES } from '@ferry/domain';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { LoadMoreButton, QueryStateBlock } from '@/components/query-state-block';
import { CONTACT_ADDED_MESSAGES, type ContactKind, useAddNetworkContact, useFbnLookup } from './network-api';
import { ADD_LABEL, BusinessSummary, failureMessage, NETWORK_SEARCH_DEBOUNCE_MS } from './network-search';

const NOT_FOUND: Record<ContactKind, string> = {
  vendor: MONEY_MESSAGES.vendorNotFound,
  customer: MONEY_MESSAGES.customerNotFound,
};
const LINKED: Record<ContactKind, string> = { vendor: 'Your vendor', customer: 'Your customer' };

export type FbnLookupProps = {
  businessId: string;
  kind: ContactKind;
  /** The text typed in the picker, to search with first. */
  initialTerm?: string;
  /** The contact picked: the one already linked to the business, or the one just added from it. */
  onPicked: (contact: { id: string; name: string }) => void;
};

/**
 * A picker's lookup on the Ferry network (spec 002 §7 `GET /business/{id}/fbn/{product}`): businesses by
 * name from 2 characters after the network search's pause; one already linked to a contact of this kind
 * picks that contact ('Select'), another is added as a contact first ('Add Customer' / 'Add Vendor').
 */
export const FbnLookup = ({ businessId, kind, initialTerm = '', onPicked }: FbnLookupProps) => {
  const [value, setValue] = useState(initialTerm);
  const [debounced] = useDebouncedValue(value.trim(), NETWORK_SEARCH_DEBOUNCE_MS);
  const lookup = useFbnLookup(businessId, kind, debounced);
  const add = useAddNetworkContact(businessId, kind);
  const [adding, setAdding] = useState<string | null>(null);

  const pick = async (result: FbnLookupResult) => {
    if (result.contact) {
      onPicked(result.contact);
      return;
    }
    setAdding(result.id);
    try {
      const contact = await add.mutateAsync(result.id);
      notifications.show({ color: 'teal', title: ADD_LABEL[kind], message: CONTACT_ADDED_MESSAGES[kind] });
      onPicked({ id: contact.id, name: contact.name });
    } catch (error) {
      notifications.show({ color: 'red', title: ADD_LABEL[kind], message: failureMessage(error) });
    } finally {
      setAdding(null);
    }
  };

  const results = lookup.data?.pages.flatMap((page) => page.items) ?? [];
  let body: ReactNode = null;
  if (debounced.length < FBN_SEARCH_MIN) {
    body =
      value.trim().length > 0 ? (
        <Text size="xs" c="dimmed">
          Type at least {FBN_SEARCH_MIN} characters to search.
        </Text>
      ) : null;
  } else {
    body = (
      <QueryStateBlock
        query={lookup}
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
          {results.map((result) => (
            <Paper
              key={result.id}
              withBorder
              radius="md"
              p="sm"
              role="listitem"
              aria-label={result.businessName}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <BusinessSummary business={result} />
                  {result.contact ? (
                    <Text size="xs" c="dimmed">{`${LINKED[kind]}: ${result.contact.name}`}</Text>
                  ) : null}
                </Stack>
                <Button
                  size="xs"
                  variant="light"
                  loading={adding === result.id}
                  disabled={adding !== null && adding !== result.id}
                  onClick={() => void pick(result)}
                  aria-label={
                    result.contact
                      ? `Select ${result.contact.name}`
                      : `${ADD_LABEL[kind]} ${result.businessName}`
                  }
                >
                  {result.contact ? 'Select' : ADD_LABEL[kind]}
                </Button>
              </Group>
            </Paper>
          ))}
          <LoadMoreButton query={lookup} />
        </Stack>
      </QueryStateBlock>
    );
  }

  return (
    <Stack gap="sm">
      <TextInput
        label={kind === 'vendor' ? 'Find a vendor on Ferry' : 'Find a customer on Ferry'}
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
