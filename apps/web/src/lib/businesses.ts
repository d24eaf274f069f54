import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import type { Business } from './business-schema';

export type { Business };

/** The schemas (zod) load beside the calls: this module is part of every page's first load. */
const loadBusinessSchema = () => import('./business-schema').then((m) => m.businessSchema);
const loadBusinessListSchema = () => import('./business-schema').then((m) => m.businessListSchema);

/** Query keys of the businesses area: the list, one business, and its features. */
export const businessKeys = {
  all: ['businesses'] as const,
  list: () => [...businessKeys.all, 'list'] as const,
  detail: (businessId: string) => [...businessKeys.all, 'detail', businessId] as const,
  features: (businessId: string) => [...businessKeys.all, 'detail', businessId, 'features'] as const,
};

/** `GET /business`: every business the signed-in user belongs to (the first is where sign-in lands). */
export const getBusinesses = (signal?: AbortSignal): Promise<Business[]> =>
  api.get('/business', { schema: loadBusinessListSchema, ...(signal ? { signal } : {}) });

/** `GET /business/{id}`: one business of the user, with the member's role and permissions (404 when they
 * are not a member). One cache entry for every area. */
export const getBusiness = (businessId: string, signal?: AbortSignal): Promise<Business> =>
  api.get(`/business/${encodeURIComponent(businessId)}`, {
    schema: loadBusinessSchema,
    ...(signal ? { signal } : {}),
  });

export const businessQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: businessKeys.detail(businessId),
    queryFn: ({ signal }) => getBusiness(businessId, signal),
  });

export const businessesQueryOptions = () =>
  queryOptions({ queryKey: businessKeys.list(), queryFn: ({ signal }) => getBusinesses(signal) });
