import type { PracticeFirm } from '@ferry/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { practiceKeys } from './keys';

const loadPracticeSchema = () => import('./practice-schemas').then((m) => m.practiceSchema);

/** `POST /practice {practiceFirmName, clientRange}`: the accountant's practice, once. */
export const createPractice = (body: PracticeFirm) =>
  api.post('/practice', body, { schema: loadPracticeSchema });

export const useCreatePractice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPractice,
    onSuccess: (practice) => queryClient.setQueryData(practiceKeys.practice, practice),
  });
};
