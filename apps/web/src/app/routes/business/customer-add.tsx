import { ContactAddPage } from '@/features/contacts/components/contact-add-page';

/** Route module for React Router `lazy`: `/b/{businessId}/customers/add`. */
export const Component = () => <ContactAddPage kind="customer" />;
