import { contactViewSchema } from '@ferry/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityLogKeys } from '@/components/activity-log/get-activity-logs';
import { api } from '@/lib/api-client';
import type { ContactRequest } from '../utils/contact-form';
import type { ContactKindConfig } from '../utils/contact-kind';
import { contactKeys, contactPath } from './keys';

/** `PATCH .../contacts/{vendors|customers}/{contactId}`: the edit and finalize dialogs; answers the contact. */
export const updateContact = (
  businessId: string,
  config: ContactKindConfig,
  contactId: string,
  body: ContactRequest,
) => api.patch(contactPath(businessId, config.apiSegment, contactId), body, { schema: contactViewSchema });

export const useUpdateContact = (businessId: string, config: ContactKindConfig, contactId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactRequest) => updateContact(businessId, config, contactId, body),
    onSuccess: (contact) => {
      queryClient.setQueryData(contactKeys.detail(businessId, config.kind, contactId), contact);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.lists(businessId, config.kind) }),
        queryClient.invalidateQueries({ queryKey: activityLogKeys.all }),
      ]);
    },
  });
};
