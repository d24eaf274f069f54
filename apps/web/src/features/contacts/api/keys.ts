import type { ContactKind } from '../utils/contact-kind';

export type ContactListParams = {
  pageNumber: number;
  pageSize: number;
  sortOrder: 'asc' | 'desc';
  searchTerm: string;
};

/** Query keys of the contacts area: per business and kind, the lists and each contact. */
export const contactKeys = {
  all: (businessId: string) => ['contacts', businessId] as const,
  kind: (businessId: string, kind: ContactKind) => [...contactKeys.all(businessId), kind] as const,
  lists: (businessId: string, kind: ContactKind) => [...contactKeys.kind(businessId, kind), 'list'] as const,
  list: (businessId: string, kind: ContactKind, params: ContactListParams) =>
    [...contactKeys.lists(businessId, kind), params] as const,
  detail: (businessId: string, kind: ContactKind, contactId: string) =>
    [...contactKeys.kind(businessId, kind), 'detail', contactId] as const,
};

/** `/business/{id}/accounting/contacts/{vendors|customers}` (spec 002 §7). */
export const contactsPath = (businessId: string, segment: 'vendors' | 'customers'): string =>
  `/business/${encodeURIComponent(businessId)}/accounting/contacts/${segment}`;

export const contactPath = (
  businessId: string,
  segment: 'vendors' | 'customers',
  contactId: string,
): string => `${contactsPath(businessId, segment)}/${encodeURIComponent(contactId)}`;
