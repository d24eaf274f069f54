import { contactViewSchema } from '@ferry/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ContactKindConfig } from '../utils/contact-kind';
import { contactKeys, contactPath } from './keys';

/** `GET .../contacts/{vendors|customers}/{contactId}`: one contact (404 outside the business). */
export const getContact = (
  businessId: string,
  config: ContactKindConfig,
  contactId: string,
  signal?: AbortSignal,
) =>
  api.get(contactPath(businessId, config.apiSegment, contactId), {
    schema: contactViewSchema,
    ...(signal ? { signal } : {}),
  });

export const contactQueryOptions = (businessId: string, config: ContactKindConfig, contactId: string) =>
  queryOptions({
    queryKey: contactKeys.detail(businessId, config.kind, contactId),
    queryFn: ({ signal }) => getContact(businessId, config, contactId, signal),
  });

export const useContact = (businessId: string, config: ContactKindConfig, contactId: string) =>
  useQuery(contactQueryOptions(businessId, config, contactId));
