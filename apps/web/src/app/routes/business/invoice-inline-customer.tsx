import { Divider, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { FbnLookup } from '@/components/network/fbn-lookup';
import { InlineAddContact } from '@/features/contacts/components/inline-add-contact';
import type { RenderInlineAdd } from '@/features/invoices/components/create-invoice-page';

type InlineProps = Parameters<RenderInlineAdd>[0];

/**
 * The customer picker's add: first the customer's business on Ferry (the fbn lookup, spec 002 §7 —
 * an existing customer of it is picked, another is added from it), else a new customer typed in.
 */
const InlineCustomer = ({ initialName, onAdded, onCancel }: InlineProps) => {
  const { businessId = '' } = useParams();
  return (
    <Stack gap="md">
      <FbnLookup businessId={businessId} kind="customer" initialTerm={initialName ?? ''} onPicked={onAdded} />
      <Divider label="or add a new customer" labelPosition="center" />
      <InlineAddContact
        businessId={businessId}
        kind="customer"
        initialName={initialName}
        onAdded={onAdded}
        onCancel={onCancel}
      />
    </Stack>
  );
};

/** The invoice form's inline add of a customer (features/contacts), handed to features/invoices. */
export const renderInlineCustomer: RenderInlineAdd = (props) => <InlineCustomer {...props} />;
