import { ContactsListPage } from '@/features/contacts/components/contacts-list-page';

/** Route module for React Router `lazy`: `/b/{businessId}/vendors`. */
export const Component = () => <ContactsListPage kind="vendor" />;
