import { type ContactBusinessMappingRequest, contactViewSchema } from '@ferry/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityLogKeys } from '@/components/activity-log/get-activity-logs';
import { api } from '@/lib/api-client';
import type { ContactKindConfig } from '../utils/contact-kind';
import { contactKeys } from './keys';

/** `POST /contact-business-mapping`: links a contact to a business on the Ferry network (finalizes it). */
export const linkNetworkBusiness = (body: ContactBusinessMappingRequest) =>
  api.post('/contact-business-mapping', body, { schema: contactViewSchema });

export const useLinkNetworkBusiness = (businessId: string, config: ContactKindConfig, contactId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mappedBusinessId: string) =>
      linkNetworkBusiness({ businessId, mappedBusinessId, contactId }),
    onSuccess: (contact) => {
      queryClient.setQueryData(contactKeys.detail(businessId, config.kind, contactId), contact);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.lists(businessId, config.kind) }),
        queryClient.invalidateQueries({ queryKey: activityLogKeys.all }),
      ]);
    },
  });
};
