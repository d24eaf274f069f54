import { activityLogItemSchema, pagedSchema } from '@ferry/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { activityLogsPath, approvalPolicyKeys } from './keys';

/** Spec 001 §7: the audit trail asks for 10 entries a page. */
export const AUDIT_PAGE_SIZE = 10;

const auditPageSchema = pagedSchema(activityLogItemSchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
export type AuditEntry = AuditPage['items'][number];

/** `GET /business/{id}/user-activity-logs?entity=approval_policies&pageNumber&pageSize=10`, newest first. */
export const auditTrailQueryOptions = (businessId: string, pageNumber: number) =>
  queryOptions({
    queryKey: approvalPolicyKeys.auditPage(businessId, pageNumber),
    queryFn: ({ signal }) =>
      api.get(activityLogsPath(businessId), {
        query: { entity: 'approval_policies', pageNumber, pageSize: AUDIT_PAGE_SIZE },
        schema: auditPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    // Opened after changes made here or elsewhere: always the latest.
    refetchOnMount: 'always',
  });

export const useAuditTrail = (businessId: string, pageNumber: number, options: { enabled?: boolean } = {}) =>
  useQuery({ ...auditTrailQueryOptions(businessId, pageNumber), enabled: options.enabled ?? true });
