import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { SetupProgress } from '../utils/setup-steps';

/** Only what the checklist needs from the two lists. */
const bankListSchema = z.array(z.object({ id: z.string() }));
const totalSchema = z.object({ total: z.number() });

/**
 * Whether the business has a bank account: any linked bank counts (a manual one waiting for its
 * deposits too). A member who may not see payment methods gets no answer (403): not counted.
 */
const hasBankAccount = async (businessId: string, signal: AbortSignal): Promise<boolean> => {
  const banks = await api
    .get(`/business/${encodeURIComponent(businessId)}/bank/accounts`, { schema: bankListSchema, signal })
    .catch(() => []);
  return banks.length > 0;
};

/** Whether the business has a vendor or a customer (one of each list is enough to know). */
const hasContacts = async (businessId: string, signal: AbortSignal): Promise<boolean> => {
  const totals = await Promise.all(
    (['vendors', 'customers'] as const).map((kind) =>
      api
        .get(`/business/${encodeURIComponent(businessId)}/accounting/contacts/${kind}`, {
          query: { pageNumber: 1, pageSize: 1 },
          schema: totalSchema,
          signal,
        })
        .then((page) => page.total)
        .catch(() => 0),
    ),
  );
  return totals.some((total) => total > 0);
};

const connectionSchema = z.object({ status: z.string() }).loose().nullable();

/** Whether the accounting connection (GET .../accounting/connection) is CONNECTED; a failure counts as no. */
const hasAccountingConnection = async (businessId: string, signal: AbortSignal): Promise<boolean> => {
  const connection = await api
    .get(`/business/${encodeURIComponent(businessId)}/accounting/connection`, {
      schema: connectionSchema,
      signal,
    })
    .catch(() => null);
  return connection?.status === 'CONNECTED';
};

/** What the banking, accounting and contacts areas report for the home checklist. */
export const useSetupProgress = (businessId: string) =>
  useQuery({
    queryKey: ['businesses', businessId, 'setup-progress'],
    queryFn: async ({ signal }): Promise<SetupProgress> => {
      const [bank, accounting, contacts] = await Promise.all([
        hasBankAccount(businessId, signal),
        hasAccountingConnection(businessId, signal),
        hasContacts(businessId, signal),
      ]);
      return { hasBankAccount: bank, hasAccountingConnection: accounting, hasContacts: contacts };
    },
    enabled: Boolean(businessId),
    // Read again on every visit home: linking a bank or adding a contact happens on other pages.
    refetchOnMount: 'always',
  });
