import {
  approvalOverviewSchema,
  type BankAccountView,
  type BulkScheduleRequest,
  bankAccountViewSchema,
  bankHolidaysViewSchema,
  bulkScheduleResultSchema,
  type CardView,
  cardViewSchema,
  contactViewSchema,
  type DeliverySpeed,
  type FeeQuote,
  feeQuoteSchema,
  type MarkAsPaidRequest,
  payContextSchema,
  paymentViewSchema,
  transferSpeedViewSchema,
} from '@ferry/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

/**
 * The calls shared by the payment screens (make-payment page, mark-as-paid and bulk-schedule dialogs):
 * the payer's bank accounts and cards, bank holidays, delivery speeds, the card fee and the two money
 * calls the Bills tab makes. Spec 002 §7 "Banks and cards", "Payments"; §9 cache rules.
 */

const enc = encodeURIComponent;
const base = (businessId: string) => `/business/${enc(businessId)}`;

export const payKeys = {
  all: (businessId: string) => ['pay', businessId] as const,
  banks: (businessId: string) => [...payKeys.all(businessId), 'bank-accounts'] as const,
  cards: (businessId: string) => [...payKeys.all(businessId), 'cards'] as const,
  holidays: (from: string, to: string) => ['bank-holidays', from, to] as const,
  speed: (businessId: string, input: TransferSpeedInput) =>
    [...payKeys.all(businessId), 'transfer-speed', input] as const,
  cardFee: (businessId: string, input: CardFeeInput) =>
    [...payKeys.all(businessId), 'card-fee', input] as const,
  vendor: (businessId: string, vendorId: string) => [...payKeys.all(businessId), 'vendor', vendorId] as const,
};

/** Query keys of data a payment changes (the bills area, the payments list): refreshed after one. */
export const PAYMENT_AFFECTED_KEYS = [['bills'], ['payments'], ['pay']] as const;

/**
 * Refreshes bills and payments after money was scheduled or marked as paid. Inactive lists too
 * (`refetchType: 'all'`): queries do not refetch on mount (lib/react-query), so a tab opened after the
 * change would otherwise show the old rows.
 */
export const useRefreshAfterPayment = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      PAYMENT_AFFECTED_KEYS.map((queryKey) =>
        queryClient.invalidateQueries({ queryKey: [...queryKey], refetchType: 'all' }),
      ),
    );
};

/**
 * `GET business/{id}/bank/accounts?blocked=true`: the payer's bank accounts, expired ones included (a
 * verified bank whose login expired may still pay, spec 002 §5). Rejected and unusable banks are left out.
 */
export const usePayerBankAccounts = (businessId: string, enabled = true) =>
  useQuery({
    queryKey: payKeys.banks(businessId),
    queryFn: ({ signal }): Promise<BankAccountView[]> =>
      api.get(`${base(businessId)}/bank/accounts`, {
        query: { blocked: true },
        schema: z.array(bankAccountViewSchema),
        signal,
      }),
    enabled: enabled && businessId !== '',
  });

/** Spec 002 §9: the card list is stale after 60 s and refetched every 60 s. */
const CARD_REFRESH_MS = 60_000;

/** `GET business/{id}/card-payment/cards`. */
export const usePayerCards = (businessId: string, enabled = true) =>
  useQuery({
    queryKey: payKeys.cards(businessId),
    queryFn: ({ signal }): Promise<CardView[]> =>
      api.get(`${base(businessId)}/card-payment/cards`, { schema: z.array(cardViewSchema), signal }),
    staleTime: CARD_REFRESH_MS,
    refetchInterval: CARD_REFRESH_MS,
    enabled: enabled && businessId !== '',
  });

/**
 * `GET bank-calendar-days/bank-holidays?from&to`: the observed bank holidays of a range ('YYYY-MM-DD'
 * list). The domain's calendar knows the Federal Reserve holidays already; these are added to it.
 */
export const useBankHolidays = (from: string, to: string) =>
  useQuery({
    queryKey: payKeys.holidays(from, to),
    queryFn: ({ signal }) =>
      api.get('/bank-calendar-days/bank-holidays', {
        query: { from, to },
        schema: bankHolidaysViewSchema,
        signal,
      }),
    select: (view): string[] => view.holidays.map((h) => h.observedDate ?? h.date),
    staleTime: Number.POSITIVE_INFINITY,
  });

export type TransferSpeedInput = {
  paymentInstrumentId: string;
  /** Decimal dollars with 2 places. */
  amount: number;
  payeeId?: string | undefined;
  billId?: string | undefined;
  paymentRequestId?: string | undefined;
  processDate?: string | undefined;
};

/** Spec 002 §9: transfer speed stale 5 min, kept 10 min. */
const SPEED_STALE_MS = 5 * 60_000;
const SPEED_GC_MS = 10 * 60_000;

/** `POST payments/transfer/speed`: which delivery speeds this instrument and amount may use. */
export const useTransferSpeed = (businessId: string, input: TransferSpeedInput | null) =>
  useQuery({
    queryKey: payKeys.speed(businessId, input ?? { paymentInstrumentId: '', amount: 0 }),
    queryFn: ({ signal }) =>
      api.post(`${base(businessId)}/payments/transfer/speed`, input, {
        schema: transferSpeedViewSchema,
        signal,
      }),
    enabled: input !== null && businessId !== '',
    staleTime: SPEED_STALE_MS,
    gcTime: SPEED_GC_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });

export type CardFeeInput = { baseAmount: number; payeeId: string; cardId: string };

/**
 * `POST card-payment/fee-quote {baseAmount, payeeId, cardId}`: the fee engine's quote (fee in cents,
 * rate, reason). Never cached (spec 002 §9); a failure is null, a fee of 0 (§8), so this query never fails.
 */
export const useCardFee = (businessId: string, input: CardFeeInput | null) =>
  useQuery({
    queryKey: payKeys.cardFee(businessId, input ?? { baseAmount: 0, payeeId: '', cardId: '' }),
    queryFn: async ({ signal }): Promise<FeeQuote | null> => {
      try {
        const quote = await api.post(`${base(businessId)}/card-payment/fee-quote`, input, {
          schema: feeQuoteSchema,
          signal,
        });
        return quote;
      } catch (error) {
        if (signal.aborted) throw error;
        return null;
      }
    },
    enabled: input !== null && businessId !== '',
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/**
 * `GET accounting/contacts/vendors/{id}`: the vendor, for its network business (the card fee's payee).
 * A member who may not read vendors gets no vendor, and the fee counts as 0.
 */
export const useVendorContact = (businessId: string, vendorId: string | undefined) =>
  useQuery({
    queryKey: payKeys.vendor(businessId, vendorId ?? ''),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/accounting/contacts/vendors/${enc(vendorId ?? '')}`, {
        schema: contactViewSchema,
        signal,
      }),
    enabled: Boolean(businessId && vendorId),
    retry: false,
  });

/** `POST payments/bulk-schedule` (Idempotency-Key): one payment per bill, each bill all-or-nothing. */
export const useBulkSchedule = (businessId: string) => {
  const refresh = useRefreshAfterPayment();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BulkScheduleRequest; idempotencyKey: string }) =>
      api.post(`${base(businessId)}/payments/bulk-schedule`, body, {
        schema: bulkScheduleResultSchema,
        idempotencyKey,
      }),
    onSuccess: () => refresh(),
  });
};

/** `PATCH business/{id}/mark-bill-as-paid` (Idempotency-Key): a MARKED_AS_PAID payment, no money moved. */
export const useMarkBillAsPaid = (businessId: string) => {
  const refresh = useRefreshAfterPayment();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: MarkAsPaidRequest; idempotencyKey: string }) =>
      api.patch(`${base(businessId)}/mark-bill-as-paid`, body, { schema: paymentViewSchema, idempotencyKey }),
    onSuccess: () => refresh(),
  });
};

export type { DeliverySpeed };

/**
 * `GET business/{id}/payments/pay-context?billId=`: the rails' business today on the server's clock (the
 * sandbox's when its clock is moved) and the bank the vendor is paid into (masked, null when none yet).
 */
export const usePayContext = (businessId: string, billId: string) =>
  useQuery({
    queryKey: [...payKeys.all(businessId), 'pay-context', billId] as const,
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/payments/pay-context?billId=${encodeURIComponent(billId)}`, {
        schema: payContextSchema,
        signal,
      }),
    enabled: businessId !== '' && billId !== '',
    retry: false,
  });

/** The receiving bank, masked: 'First Harbor Bank ••••0123', or what happens when there is none yet. */
export const receivingBankText = (bank: { bankName: string; accountMask: string } | null): string =>
  bank ? `${bank.bankName} ••••${bank.accountMask.slice(-4)}` : 'Vendor adds bank details';

/**
 * The approvals' query keys (issue 18). They sit under `['payments', businessId]` (lib/query-keys): the
 * approval lists are lists of payments, so every payment change (pay, cancel, approve, reject) that
 * refreshes the payments prefix refreshes the Approvals tab, its counts and the Bills area's badge too.
 */
export const approvalKeys = {
  all: (businessId: string) => [...sharedQueryKeys.payments(businessId), 'approvals'] as const,
  overview: (businessId: string) => [...approvalKeys.all(businessId), 'overview'] as const,
  lists: (businessId: string) => [...approvalKeys.all(businessId), 'list'] as const,
};

/**
 * `GET /approve-payment/{businessId}/summary/overview`: payments awaiting the member's approval, awaiting
 * others, approved and rejected (amounts and counts). The Approvals tab's cards and the Bills area's badge.
 */
export const useApprovalOverview = (businessId: string, enabled = true) =>
  useQuery({
    queryKey: approvalKeys.overview(businessId),
    queryFn: ({ signal }) =>
      api.get(`/approve-payment/${enc(businessId)}/summary/overview`, {
        schema: approvalOverviewSchema,
        signal,
      }),
    enabled: enabled && businessId !== '',
  });
