import { ContactAddPage } from '@/features/contacts/components/contact-add-page';

/** Route module for React Router `lazy`: `/b/{businessId}/vendors/add`. */
export const Component = () => <ContactAddPage kind="vendor" />;
