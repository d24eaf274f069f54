import {
  type BankAccountView,
  businessNameSchema,
  type CardView,
  GUEST_MESSAGES,
  type GuestAcceptPaymentRequest,
  type GuestPaymentInfo,
  MONEY_MESSAGES,
  partialPaymentAmountSchema,
} from '@ferry/domain';
import { bankOptionLabel, cardOptionLabel, isUsableBank } from '@/components/pay/pay-from';
import { fieldError } from './field-error';

export type MethodKind = 'BANK' | 'CARD';
export type AmountChoice = 'FULL' | 'PARTIAL';

/** What the guest chose on the method screen. */
export type MethodValues = {
  kind: MethodKind;
  bankId: string | null;
  cardId: string | null;
  amountChoice: AmountChoice;
  partialAmount: string;
  businessName: string;
};

export const initialMethodValues = (info: GuestPaymentInfo): MethodValues => ({
  kind: 'BANK',
  bankId: null,
  cardId: null,
  amountChoice: 'FULL',
  partialAmount: '',
  businessName: info.isNewBusiness ? info.contactName : '',
});

/** The payment the review step shows and 'Pay' sends. */
export type GuestPlan = {
  kind: MethodKind;
  instrumentId: string;
  methodLabel: string;
  /** 'Chase ••1234' (a bank) or the card's label. */
  shortLabel: string;
  /** Cents, without the card fee. */
  amount: number;
  fee: number;
  businessName: string | null;
  scheduledDate: string | null;
};

export type MethodCheck =
  | { ok: true; plan: GuestPlan }
  | { ok: false; form: string | null; fields: { partialAmount?: string; businessName?: string } };

/** The card fee the payee passes on (basis points of the amount), else 0. */
export const cardFeeOf = (info: GuestPaymentInfo, kind: MethodKind, amount: number): number =>
  kind === 'CARD' && info.payeeCardSurchargeEnabled ? Math.round((amount * info.cardFeeBps) / 10_000) : 0;

/** The amount chosen (cents), or null while a different amount is not valid. */
export const chosenAmount = (info: GuestPaymentInfo, values: MethodValues): number | null => {
  if (info.paymentType === 'RECEIVE_PAYMENT' || values.amountChoice === 'FULL') return info.amountToPay;
  const parsed = partialPaymentAmountSchema(info.amountToPay).safeParse(values.partialAmount);
  return parsed.success ? parsed.data : null;
};

/**
 * The guest form's checks (money spec §5 'Guest form', 'Partial payment amount'): a method chosen
 * ('Please fill in all the required fields.'), a bank that may pay ('The selected bank account is
 * invalid…'), the partial amount and the new business's name.
 */
export const checkMethod = (
  info: GuestPaymentInfo,
  values: MethodValues,
  lists: { banks: BankAccountView[]; cards: CardView[] },
  scheduledDate: string | null,
): MethodCheck => {
  const fields: { partialAmount?: string; businessName?: string } = {};
  let form: string | null = null;
  let instrumentId: string | null = null;
  let methodLabel = '';
  let shortLabel = '';
  const isAutoPay = info.invitationType === 'AUTO_PAYMENT';
  if (values.kind === 'BANK') {
    const bank = lists.banks.find((item) => item.paymentInstrumentId === values.bankId);
    if (!bank) form = GUEST_MESSAGES.fillRequired;
    // Auto-payment (spec 002 §9): 'Please select a valid and verified bank account.'
    else if (!isUsableBank(bank))
      form = isAutoPay ? MONEY_MESSAGES.invalidAutoPaymentBank : GUEST_MESSAGES.invalidBank;
    else {
      instrumentId = bank.paymentInstrumentId;
      methodLabel = bankOptionLabel(bank);
      shortLabel = `${bank.bankName} ••${bank.accountMask.slice(-4)}`;
    }
  } else {
    const card = lists.cards.find((item) => item.id === values.cardId);
    if (!card) form = GUEST_MESSAGES.fillRequired;
    else {
      instrumentId = card.id;
      methodLabel = cardOptionLabel(card);
      shortLabel = methodLabel;
    }
  }
  const isSend = info.paymentType === 'SEND_PAYMENT';
  if (isSend && values.amountChoice === 'PARTIAL') {
    const message = fieldError(partialPaymentAmountSchema(info.amountToPay), values.partialAmount);
    if (message) fields.partialAmount = message;
  }
  if (info.isNewBusiness && !isAutoPay) {
    const message = fieldError(businessNameSchema, values.businessName);
    if (message) fields.businessName = message;
  }
  const amount = chosenAmount(info, values);
  if (form || !instrumentId || amount === null || Object.keys(fields).length > 0) {
    return { ok: false, form, fields };
  }
  return {
    ok: true,
    plan: {
      kind: values.kind,
      instrumentId,
      methodLabel,
      shortLabel,
      amount,
      fee: cardFeeOf(info, values.kind, amount),
      businessName: info.isNewBusiness && !isAutoPay ? values.businessName.trim() : null,
      scheduledDate: isSend ? scheduledDate : null,
    },
  };
};

/** The body of `POST /payments/guest/accept/payment` (money spec §7 'Guest send payment body' / receive). */
export const acceptBody = (
  token: string,
  info: GuestPaymentInfo,
  plan: GuestPlan,
): GuestAcceptPaymentRequest => ({
  token,
  invitationType: info.invitationType,
  businessId: info.guestBusinessId,
  paymentInstrumentId: plan.instrumentId,
  amount: plan.amount,
  ...(info.paymentRequestId ? { paymentRequestId: info.paymentRequestId } : {}),
  ...(info.paymentId ? { paymentId: info.paymentId } : {}),
  ...(plan.scheduledDate ? { scheduledDate: plan.scheduledDate } : {}),
  ...(plan.businessName ? { businessName: plan.businessName } : {}),
});
