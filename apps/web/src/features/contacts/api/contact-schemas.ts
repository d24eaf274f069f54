import type { ContactView } from '@ferry/domain';

/**
 * A vendor or customer as the contacts API answers it (`contactViewSchema` of @ferry/domain, the schema
 * the server answers with): phones.default, addresses.billing, taxId (formatted for members who manage,
 * '*** 6789' for the others), fbnBusiness when linked to the Ferry network, needsFinalize.
 */
export type Contact = ContactView;
export type ContactPhone = NonNullable<Contact['phones']['default']>;
export type ContactAddress = NonNullable<Contact['addresses']['billing']>;
export type LinkedBusiness = NonNullable<Contact['fbnBusiness']>;
