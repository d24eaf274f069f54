import { useParams } from 'react-router';
import { InlineAddContact } from '@/features/contacts/components/inline-add-contact';
import type { RenderInlineAdd } from '@/features/invoices/components/create-invoice-page';

type InlineProps = Parameters<RenderInlineAdd>[0];

const InlineCustomer = ({ initialName, onAdded, onCancel }: InlineProps) => {
  const { businessId = '' } = useParams();
  return (
    <InlineAddContact
      businessId={businessId}
      kind="customer"
      initialName={initialName}
      onAdded={onAdded}
      onCancel={onCancel}
    />
  );
};

/** The invoice form's inline add of a customer (features/contacts), handed to features/invoices. */
export const renderInlineCustomer: RenderInlineAdd = (props) => <InlineCustomer {...props} />;
