import { AutoPaymentCard } from '@/features/auto-payments/components/auto-payment-card';
import { ContactDetailPage } from '@/features/contacts/components/contact-detail-page';

/** Route module for React Router `lazy`: `/b/{businessId}/customers/{contactId}`, with the auto-payment card. */
export const Component = () => <ContactDetailPage kind="customer" autoPaymentPanel={AutoPaymentCard} />;
