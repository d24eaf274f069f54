import { sandboxCompanySchema } from '@ferry/domain/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { sandboxBooksKeys } from './keys';

/** `GET /sandbox/books/companies`: the signed-in user's companies. */
export const useSandboxCompanies = () =>
  useQuery({
    queryKey: sandboxBooksKeys.companies(),
    queryFn: ({ signal }) =>
      api.get('/sandbox/books/companies', { schema: z.array(sandboxCompanySchema), signal }),
  });

/** `POST /sandbox/books/companies {name, sample}`: a new company, filled with sample data when asked. */
export const useCreateSandboxCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; sample: boolean }) =>
      api.post('/sandbox/books/companies', body, { schema: sandboxCompanySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sandboxBooksKeys.all }),
  });
};
