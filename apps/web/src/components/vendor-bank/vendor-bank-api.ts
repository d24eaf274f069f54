import {
  type BankAccountType,
  type VendorBankList,
  type VendorBankView,
  vendorBankListSchema,
  vendorBankViewSchema,
} from '@ferry/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { activityLogKeys } from '../activity-log/get-activity-logs';

export type VendorBank = VendorBankView;

export type VendorRef = { businessId: string; vendorId: string };

/** The server's success message of the add call (the API client keeps only `data`). */
export const BANK_DETAILS_ADDED_MESSAGE = 'Bank details added successfully.';
export const PRIMARY_BANK_UPDATED_MESSAGE = 'Primary bank updated.';

export const vendorBankKeys = {
  list: ({ businessId, vendorId }: VendorRef) => ['vendor-banks', businessId, vendorId] as const,
};

const enc = encodeURIComponent;

/** `GET /business/{id}/vendor/bank-accounts?vendorId=`: `{ managedByVendor, items }` (newest first). */
export const getVendorBanks = ({ businessId, vendorId }: VendorRef, signal?: AbortSignal) =>
  api.get(`/business/${enc(businessId)}/vendor/bank-accounts`, {
    query: { vendorId },
    schema: vendorBankListSchema,
    ...(signal ? { signal } : {}),
  });

export type AddVendorBankInput = {
  bankName: string;
  accountType: BankAccountType;
  accountHolderName: string;
  routingNumber: string;
  accountNumber: string;
  confirmAccountNumber: string;
};

/** `POST /business/{id}/banking/connection/vendor-account` with the dialog's `Idempotency-Key`. */
export const addVendorBank = (
  { businessId, vendorId }: VendorRef,
  input: AddVendorBankInput,
  idempotencyKey: string,
) =>
  api.post(
    `/business/${enc(businessId)}/banking/connection/vendor-account`,
    { vendorId, ...input, consent: true },
    { schema: vendorBankViewSchema, idempotencyKey },
  );

/** `PATCH /business/{id}/banking/connection/vendor-account/mark-as-primary`: answers the new list. */
export const markVendorBankPrimary = ({ businessId, vendorId }: VendorRef, bankAccountId: string) =>
  api.patch(
    `/business/${enc(businessId)}/banking/connection/vendor-account/mark-as-primary`,
    { vendorId, bankAccountId },
    { schema: vendorBankListSchema },
  );

export const useVendorBanks = (ref: VendorRef, enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: vendorBankKeys.list(ref),
      queryFn: ({ signal }) => getVendorBanks(ref, signal),
      enabled: enabled && Boolean(ref.businessId && ref.vendorId),
    }),
  );

export const useAddVendorBank = (ref: VendorRef) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: AddVendorBankInput; idempotencyKey: string }) =>
      addVendorBank(ref, input, idempotencyKey),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: vendorBankKeys.list(ref) }),
        queryClient.invalidateQueries({ queryKey: activityLogKeys.all }),
      ]),
  });
};

export const useMarkVendorBankPrimary = (ref: VendorRef) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bankAccountId: string) => markVendorBankPrimary(ref, bankAccountId),
    onSuccess: (list: VendorBankList) => {
      queryClient.setQueryData(vendorBankKeys.list(ref), list);
      return queryClient.invalidateQueries({ queryKey: activityLogKeys.all });
    },
  });
};

/** Spec 002 §4: the vendor's primary bank is the one flagged primary, else the last one added. */
export const getPrimaryBankId = (banks: readonly VendorBank[]): string | null => {
  const flagged = banks.find((b) => b.isPrimary);
  if (flagged) return flagged.id;
  const latest = [...banks].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).at(-1);
  return latest?.id ?? null;
};
