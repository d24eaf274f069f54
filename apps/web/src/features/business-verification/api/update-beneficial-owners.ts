import type { BeneficialOwnersRequest } from '@ferry/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { businessKeys } from '@/lib/businesses';
import { beneficialViewSchema } from './get-beneficial-owners';
import { businessPath, verificationKeys } from './keys';

/**
 * `PATCH /business/{id}/beneficial` (body: `beneficialOwnersRequestSchema`). With `submit: true` the
 * other people listed are emailed an invitation and the business goes to the identity provider.
 */
export const updateBeneficialOwners = (businessId: string, body: BeneficialOwnersRequest) =>
  api.patch(businessPath(businessId, '/beneficial'), body, { schema: beneficialViewSchema });

export const useUpdateBeneficialOwners = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BeneficialOwnersRequest) => updateBeneficialOwners(businessId, body),
    onSuccess: async (view) => {
      queryClient.setQueryData(verificationKeys.owners(businessId), view);
      // The status and step live in the form view too; the businesses show them in the switcher and home.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: verificationKeys.form(businessId) }),
        queryClient.invalidateQueries({ queryKey: businessKeys.all }),
      ]);
    },
  });
};
