import { contactViewSchema } from '@ferry/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityLogKeys } from '@/components/activity-log/get-activity-logs';
import { api } from '@/lib/api-client';
import type { ContactRequest } from '../utils/contact-form';
import type { ContactKindConfig } from '../utils/contact-kind';
import { contactKeys, contactsPath } from './keys';

/** `POST .../contacts/{vendors|customers}`: adds a contact by hand; answers the new contact. */
export const createContact = (businessId: string, config: ContactKindConfig, body: ContactRequest) =>
  api.post(contactsPath(businessId, config.apiSegment), body, { schema: contactViewSchema });

export const useCreateContact = (businessId: string, config: ContactKindConfig) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactRequest) => createContact(businessId, config, body),
    onSuccess: (contact) => {
      queryClient.setQueryData(contactKeys.detail(businessId, config.kind, contact.id), contact);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.lists(businessId, config.kind) }),
        queryClient.invalidateQueries({ queryKey: activityLogKeys.all }),
      ]);
    },
  });
};
