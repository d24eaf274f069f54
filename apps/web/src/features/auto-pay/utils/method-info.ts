import type { AutoPaymentMapping, GuestPaymentInfo } from '@ferry/domain';

/**
 * The method form works on a guest payment info; for an auto payment it needs only who is paid, whether
 * cards are accepted and the business whose banks and cards are listed (the guest business, or the
 * business the signed-in payer picked). Amounts are 0 (spec: 'Amounts are 0 there').
 */
export const methodInfoFor = (mapping: AutoPaymentMapping, businessId: string): GuestPaymentInfo => ({
  invitationId: mapping.autoPaymentMappingId,
  invitationType: 'AUTO_PAYMENT',
  paymentType: 'AUTO_PAYMENT',
  payerId: businessId,
  payeeId: mapping.payeeBusiness.id,
  guestBusinessId: businessId,
  amount: 0,
  amountToPay: 0,
  paymentRequestId: null,
  paymentId: null,
  payeeAcceptCardPayment: mapping.isAcceptCardPayments && mapping.payeeBusiness.isAcceptCardPayments,
  payeeCardSurchargeEnabled: false,
  payeeCardMerchantId: null,
  cardFeeBps: 0,
  isNewUser: false,
  isNewBusiness: false,
  contactName: mapping.payerContactName,
  payerBusinessName: mapping.payerBusinessName,
  payeeBusinessName: mapping.payeeBusinessName,
  refNo: null,
  invoiceDate: null,
  dueDate: null,
  memo: null,
  lines: [],
  payments: [],
  closed: false,
  autoPaymentMappingId: mapping.autoPaymentMappingId,
  autoPaymentStatus: mapping.status,
});

/** Server field errors: the ones the form shows by the method, by the tick, or at the top. */
export type AuthorizeErrors = { method: string | null; consent: string | null; form: string | null };

/** Where an answer's errors go: the method field, the authorisation tick, or the form's message. */
export const authorizeErrorsOf = (error: unknown, fallback: string): AuthorizeErrors => {
  const found: AuthorizeErrors = { method: null, consent: null, form: null };
  const api = error as { errors?: { field: string; message: string }[]; message?: string } | null;
  for (const item of api?.errors ?? []) {
    if (item.field === 'paymentInstrumentId') found.method ??= item.message;
    else if (item.field === 'authorized') found.consent ??= item.message;
    else found.form ??= item.message;
  }
  if (!found.method && !found.consent && !found.form) found.form = fallback;
  return found;
};
