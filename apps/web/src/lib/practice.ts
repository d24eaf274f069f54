import type { Practice } from '@ferry/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/** Shared by sign-in (where an accountant without a practice goes), the practice pages and the home. */
export const practiceQueryKey = ['practice'] as const;

const loadPracticeSchema = () => import('./practice-schema').then((m) => m.practiceOrNullSchema);

/** `GET /practice`: the practice the signed-in user runs or belongs to, or null when there is none. */
export const getPractice = (signal?: AbortSignal): Promise<Practice | null> =>
  api.get('/practice', { schema: loadPracticeSchema, ...(signal ? { signal } : {}) });

export const practiceQueryOptions = () =>
  queryOptions({
    queryKey: practiceQueryKey,
    queryFn: ({ signal }) => getPractice(signal),
    staleTime: 5 * 60_000,
  });
