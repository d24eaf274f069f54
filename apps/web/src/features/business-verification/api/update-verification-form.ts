import type { VerificationForm } from '@ferry/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { businessKeys } from '@/lib/businesses';
import { verificationFormViewSchema } from './get-verification-form';
import { businessPath, verificationKeys } from './keys';

/** `PATCH /business/{id}/verification/form` (body: `verificationFormSchema`): answers the whole view. */
export const updateVerificationForm = (businessId: string, body: VerificationForm) =>
  api.patch(businessPath(businessId, '/verification/form'), body, { schema: verificationFormViewSchema });

export const useUpdateVerificationForm = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerificationForm) => updateVerificationForm(businessId, body),
    onSuccess: async (view) => {
      queryClient.setQueryData(verificationKeys.form(businessId), view);
      // The verification step moved: the switcher, the home checklist and the profile show it.
      await queryClient.invalidateQueries({ queryKey: businessKeys.all });
    },
  });
};
