import type { BankAccountType } from '@ferry/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { bankingKeys, connectionPath } from './keys';
import { type BankAccountView, bankAccountViewSchema } from './schemas';

export type NewBankAccount = {
  bankName: string;
  accountType: BankAccountType;
  accountHolderName: string;
  routingNumber: string;
  accountNumber: string;
  confirmAccountNumber: string;
};

/** `POST .../banking/connection/account` with the dialog's Idempotency-Key: a manual bank (micro-deposits). */
export const useAddBankAccount = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: NewBankAccount; idempotencyKey: string }) =>
      api.post(connectionPath(businessId, '/account'), input, {
        schema: bankAccountViewSchema,
        idempotencyKey,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankingKeys.accounts(businessId) }),
  });
};

/** `PATCH .../mark-as-primary {paymentInstrumentId}`: answers the whole list. */
export const useMarkBankPrimary = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bankAccountId: string) =>
      api.patch(
        connectionPath(businessId, '/mark-as-primary'),
        { paymentInstrumentId: bankAccountId },
        { schema: z.array(bankAccountViewSchema) },
      ),
    onSuccess: (accounts) => {
      queryClient.setQueryData<BankAccountView[]>(bankingKeys.accounts(businessId), (current) => {
        // The answer lists the usable accounts; keep the others the list already shows.
        if (!current) return accounts;
        const byId = new Map(accounts.map((account) => [account.id, account]));
        return current.map((account) => byId.get(account.id) ?? { ...account, isPrimary: false });
      });
      return queryClient.invalidateQueries({ queryKey: bankingKeys.accounts(businessId) });
    },
  });
};

/** `DELETE .../banking/connection/account/{accountId}`. */
export const useDeleteBankAccount = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bankAccountId: string) =>
      api.delete(connectionPath(businessId, `/account/${encodeURIComponent(bankAccountId)}`)),
    onSuccess: (_data, bankAccountId) => {
      queryClient.setQueryData<BankAccountView[]>(bankingKeys.accounts(businessId), (accounts) =>
        accounts?.filter((account) => account.id !== bankAccountId),
      );
      return queryClient.invalidateQueries({ queryKey: bankingKeys.accounts(businessId) });
    },
  });
};

export type MicroDepositInput = {
  bankAccountId: string;
  /** One per attempt: a retried request is recognised, a new attempt is a new request. */
  idempotencyKey: string;
  firstMicroDeposit: string;
  secondMicroDeposit: string;
};

/** `POST .../account/verify {paymentInstrumentId, firstMicroDeposit, secondMicroDeposit}` (cents, digits). */
export const useVerifyMicroDeposits = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      bankAccountId,
      firstMicroDeposit,
      secondMicroDeposit,
      idempotencyKey,
    }: MicroDepositInput) =>
      api.post(
        connectionPath(businessId, '/account/verify'),
        { paymentInstrumentId: bankAccountId, firstMicroDeposit, secondMicroDeposit },
        { schema: bankAccountViewSchema, idempotencyKey },
      ),
    // Right or wrong, the attempts counter and status changed: the list is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankingKeys.accounts(businessId) }),
  });
};
