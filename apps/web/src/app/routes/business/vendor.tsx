import { ContactDetailPage } from '@/features/contacts/components/contact-detail-page';

/** Route module for React Router `lazy`: `/b/{businessId}/vendors/{contactId}`. */
export const Component = () => <ContactDetailPage kind="vendor" />;
