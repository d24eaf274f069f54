import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import type { Contact } from '../api/contact-schemas';
import type { ContactKindConfig } from '../utils/contact-kind';
import { EditContactForm } from './edit-contact-dialog';
import { NetworkLinkPanel } from './network-link-panel';

export type FinalizeContactDialogProps = {
  opened: boolean;
  onClose: () => void;
  businessId: string;
  config: ContactKindConfig;
  contact: Contact;
};

type Option = 'network' | 'details';

/**
 * 'Finalize Vendor Details' / 'Finalize Customer Details' (spec 002 §2, §5) for a contact added from a
 * picker: either link it to a business on Ferry (option 1: a network business must be selected) or
 * complete its details (option 2: the contact form, whose email is required).
 */
export const FinalizeContactDialog = ({
  opened,
  onClose,
  businessId,
  config,
  contact,
}: FinalizeContactDialogProps) => {
  const [option, setOption] = useState<Option>('network');
  return (
    <Dialog opened={opened} onClose={onClose} size="lg" title={config.finalizeTitle}>
      {opened ? (
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            Find this {config.label.toLowerCase()} on Ferry, or complete their details yourself.
          </Text>
          <SegmentedControl
            aria-label="How to finalize"
            value={option}
            onChange={(value) => setOption(value === 'details' ? 'details' : 'network')}
            data={[
              { value: 'network', label: 'Find on Ferry' },
              { value: 'details', label: 'Enter details' },
            ]}
          />
          {option === 'network' ? (
            <NetworkLinkPanel businessId={businessId} config={config} contact={contact} onLinked={onClose} />
          ) : (
            <EditContactForm
              businessId={businessId}
              config={config}
              contact={contact}
              onClose={onClose}
              requireChange={false}
            />
          )}
        </Stack>
      ) : null}
    </Dialog>
  );
};
