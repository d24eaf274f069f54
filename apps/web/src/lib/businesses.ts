import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import type { Business, BusinessFeatures } from './business-schema';

export type { Business, BusinessFeatures };

/** The schemas (zod) load beside the calls: this module is part of every page's first load. */
const loadBusinessSchema = () => import('./business-schema').then((m) => m.businessSchema);
const loadBusinessListSchema = () => import('./business-schema').then((m) => m.businessListSchema);
const loadFeaturesSchema = () => import('./business-schema').then((m) => m.businessFeaturesSchema);

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

/** `GET /business/{id}/features`: which features the business may use (money moves only once verified). */
export const getBusinessFeatures = (businessId: string, signal?: AbortSignal): Promise<BusinessFeatures> =>
  api.get(`/business/${encodeURIComponent(businessId)}/features`, {
    schema: loadFeaturesSchema,
    ...(signal ? { signal } : {}),
  });

/** The home's verification notice reads it: asked for at boot on a business home (main.tsx). */
export const businessFeaturesQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: businessKeys.features(businessId),
    queryFn: ({ signal }) => getBusinessFeatures(businessId, signal),
  });
