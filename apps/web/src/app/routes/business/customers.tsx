import { ContactsListPage } from '@/features/contacts/components/contacts-list-page';

/** Route module for React Router `lazy`: `/b/{businessId}/customers`. */
export const Component = () => <ContactsListPage kind="customer" />;
