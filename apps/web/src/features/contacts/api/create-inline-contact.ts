import { contactViewSchema, type InlineContact } from '@ferry/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityLogKeys } from '@/components/activity-log/get-activity-logs';
import { api } from '@/lib/api-client';
import type { ContactKindConfig } from '../utils/contact-kind';
import { contactKeys, contactsPath } from './keys';

/** `POST .../contacts/{vendors|customers}/inline` with `{ name, email }`: a contact that needs finalizing. */
export const createInlineContact = (businessId: string, config: ContactKindConfig, body: InlineContact) =>
  api.post(`${contactsPath(businessId, config.apiSegment)}/inline`, body, { schema: contactViewSchema });

export const useCreateInlineContact = (businessId: string, config: ContactKindConfig) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InlineContact) => createInlineContact(businessId, config, body),
    onSuccess: (contact) => {
      queryClient.setQueryData(contactKeys.detail(businessId, config.kind, contact.id), contact);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.lists(businessId, config.kind) }),
        queryClient.invalidateQueries({ queryKey: activityLogKeys.all }),
      ]);
    },
  });
};
