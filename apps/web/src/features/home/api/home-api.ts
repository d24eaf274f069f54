import {
  bankAccountViewSchema,
  billsDueSummarySchema,
  cardViewSchema,
  cashFlowSchema,
  pagedSchema,
  paymentsSummarySchema,
  paymentViewSchema,
} from '@ferry/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

/**
 * The home dashboard reads the areas' own endpoints (no endpoint of its own: each answer is small, the
 * areas already serve them, and sharing their cache keys means the Bills and Payments tabs open from
 * home without loading again and a payment change refreshes home too). The keys match those of
 * features/bills, payments, banking and cards, which a feature may not import.
 */
const base = (businessId: string) => `/business/${encodeURIComponent(businessId)}`;

export const homeKeys = {
  dueSummary: (businessId: string) => [...sharedQueryKeys.bills(businessId), 'summary', 'due'] as const,
  paymentsSummary: (businessId: string) => [...sharedQueryKeys.payments(businessId), 'summary'] as const,
  recentPayments: (businessId: string) =>
    [...sharedQueryKeys.payments(businessId), 'home', 'recent'] as const,
  bankAccounts: (businessId: string) => ['banking', businessId, 'accounts'] as const,
  cards: (businessId: string) => ['cards', businessId, 'list'] as const,
  // Under payments: a payment change (scheduled, cancelled, delivered) refreshes the chart too.
  cashFlow: (businessId: string) => [...sharedQueryKeys.payments(businessId), 'cash-flow'] as const,
};

export const RECENT_PAYMENTS_COUNT = 5;

/** `GET bills/summary/due`: total outstanding, due in 7 days and overdue, for the business date `today`. */
export const useHomeDueSummary = (businessId: string, enabled: boolean) =>
  useQuery({
    queryKey: homeKeys.dueSummary(businessId),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/bills/summary/due`, { schema: billsDueSummarySchema, signal }),
    enabled: enabled && businessId !== '',
  });

/** `GET bills/summary/payments`: attention required, processing and scheduled (amounts and counts). */
export const useHomePaymentsSummary = (businessId: string, enabled: boolean) =>
  useQuery({
    queryKey: homeKeys.paymentsSummary(businessId),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/bills/summary/payments`, { schema: paymentsSummarySchema, signal }),
    enabled: enabled && businessId !== '',
  });

const paymentsPageSchema = pagedSchema(paymentViewSchema);

/** `GET payments?sortBy=createdAt&sortOrder=desc&pageSize=5`: the newest payments. */
export const useRecentPayments = (businessId: string, enabled: boolean) =>
  useQuery({
    queryKey: homeKeys.recentPayments(businessId),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/payments`, {
        query: { pageNumber: 1, pageSize: RECENT_PAYMENTS_COUNT, sortBy: 'createdAt', sortOrder: 'desc' },
        schema: paymentsPageSchema,
        signal,
      }),
    enabled: enabled && businessId !== '',
  });

/** `GET bank/accounts?blocked=true&unusable=true`: the business's banks, as Settings › Bank accounts lists them. */
export const useHomeBankAccounts = (businessId: string, enabled: boolean) =>
  useQuery({
    queryKey: homeKeys.bankAccounts(businessId),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/bank/accounts`, {
        query: { blocked: true, unusable: true },
        schema: z.array(bankAccountViewSchema),
        signal,
      }),
    enabled: enabled && businessId !== '',
  });

/** `GET card-payment/cards`: the business's saved cards. */
export const useHomeCards = (businessId: string, enabled: boolean) =>
  useQuery({
    queryKey: homeKeys.cards(businessId),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/card-payment/cards`, { schema: z.array(cardViewSchema), signal }),
    enabled: enabled && businessId !== '',
    staleTime: 60_000,
  });

/**
 * `GET cash-flow`: money expected in and going out per week for the next 8 weeks (its own endpoint: the
 * weeks are added up in the database, not from lists the home could fetch).
 */
export const useHomeCashFlow = (businessId: string, enabled: boolean) =>
  useQuery({
    queryKey: homeKeys.cashFlow(businessId),
    queryFn: ({ signal }) => api.get(`${base(businessId)}/cash-flow`, { schema: cashFlowSchema, signal }),
    enabled: enabled && businessId !== '',
  });
