import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { TruncatedText } from '@/components/truncated-text';
import type { Contact } from '../api/contact-schemas';
import type { ContactKindConfig } from '../utils/contact-kind';
import { formatAddressLines, formatPhone } from '../utils/display';
import { NetworkBadge } from './network-badge';
import { SecondaryEmailsBadge } from './secondary-emails-badge';

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2} role="group" aria-label={label}>
    <Text size="xs" c="dimmed" fw={600} tt="uppercase">
      {label}
    </Text>
    {children}
  </Stack>
);

const NotSet = () => (
  <Text size="sm" c="dimmed">
    Not set
  </Text>
);

export type ContactDetailCardProps = {
  contact: Contact;
  config: ContactKindConfig;
  /** Shows the edit button (members who may manage this kind of contact). */
  onEdit?: (() => void) | undefined;
};

/**
 * The vendor / customer detail card (spec 002 §2): name, email with the secondary emails as '+N' (tooltip),
 * phone and billing address; names and emails over 30 characters are truncated with a tooltip.
 */
export const ContactDetailCard = ({ contact, config, onEdit }: ContactDetailCardProps) => {
  const addressLines = contact.addresses.billing ? formatAddressLines(contact.addresses.billing) : [];
  const phone = contact.phones.default;
  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-label={`${config.label} details`}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <TruncatedText text={contact.name} component="h2" fz="xl" fw={650} m={0} />
            <NetworkBadge business={contact.fbnBusiness} />
          </Group>
          {onEdit ? (
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={onEdit}
            >
              Edit
            </Button>
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Field label="Email">
            {contact.email ? (
              <Group gap="xs" wrap="wrap" miw={0}>
                <TruncatedText
                  text={contact.email}
                  size="sm"
                  style={{ overflowWrap: 'anywhere', minWidth: 0 }}
                />
                <SecondaryEmailsBadge emails={contact.secondaryEmails} />
              </Group>
            ) : (
              <NotSet />
            )}
          </Field>
          <Field label="Phone">{phone ? <Text size="sm">{formatPhone(phone)}</Text> : <NotSet />}</Field>
          <Field label="Billing address">
            {addressLines.length > 0 ? (
              <Stack gap={0}>
                {addressLines.map((line) => (
                  <Text key={line} size="sm">
                    {line}
                  </Text>
                ))}
              </Stack>
            ) : (
              <NotSet />
            )}
          </Field>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
};
