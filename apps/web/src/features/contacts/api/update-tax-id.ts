import { contactViewSchema } from '@ferry/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityLogKeys } from '@/components/activity-log/get-activity-logs';
import { api } from '@/lib/api-client';
import { CONTACT_KINDS } from '../utils/contact-kind';
import { contactKeys, contactPath } from './keys';

const VENDOR = CONTACT_KINDS.vendor;

/** `PATCH .../contacts/vendors/{vendorId}/tax-id` with `{ taxId }` (9 digits, normalised by the domain schema). */
export const updateTaxId = (businessId: string, vendorId: string, taxId: string) =>
  api.patch(
    `${contactPath(businessId, VENDOR.apiSegment, vendorId)}/tax-id`,
    { taxId },
    { schema: contactViewSchema },
  );

export const useUpdateTaxId = (businessId: string, vendorId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taxId: string) => updateTaxId(businessId, vendorId, taxId),
    onSuccess: (contact) => {
      queryClient.setQueryData(contactKeys.detail(businessId, 'vendor', vendorId), contact);
      return queryClient.invalidateQueries({ queryKey: activityLogKeys.all });
    },
  });
};
