import {
  APPROVAL_TEXTS,
  type BankAccountView,
  CARD_BRAND_LABELS,
  type CardView,
  maskLast4,
} from '@ferry/domain';

/**
 * One entry of 'Pay From' (spec 002 §2 payment form): a bank account or a card of the payer. A bank is
 * usable when verified, or verified with an expired login (spec 002 §5 action buttons: 'A verified or
 * expired bank, or a card, is accepted'); other banks are listed but cannot pay.
 */
export type PayFromOption = {
  /** The paymentInstrumentId sent to the server. */
  id: string;
  kind: 'BANK' | 'CARD';
  label: string;
  /** Shown under the label in the list (e.g. 'Not verified'). */
  note: string | null;
  usable: boolean;
  isPrimary: boolean;
};

/** Whether a bank may pay: verified, or verified with its instant login expired. */
export const isUsableBank = (bank: BankAccountView): boolean =>
  bank.verificationStatus === 'VERIFIED' &&
  (bank.accountStatus === 'VERIFIED' || bank.accountStatus === 'EXPIRED' || bank.status === 'EXPIRED');

const ACCOUNT_TYPE_LABEL: Record<BankAccountView['accountType'], string> = {
  BUSINESS_CHECKING: 'Checking',
  BUSINESS_SAVINGS: 'Savings',
};

const bankNote = (bank: BankAccountView): string | null => {
  if (!isUsableBank(bank)) {
    if (bank.accountStatus === 'UNDER_REVIEW') return 'Under review';
    if (bank.accountStatus === 'INVALID') return 'Invalid';
    return 'Not verified';
  }
  if (bank.accountStatus === 'EXPIRED' || bank.status === 'EXPIRED') return 'Connection expired';
  return null;
};

export const bankOptionLabel = (bank: BankAccountView): string =>
  `${bank.bankName} ${ACCOUNT_TYPE_LABEL[bank.accountType]} ${maskLast4(bank.accountMask)}`;

export const cardOptionLabel = (card: CardView): string =>
  `${CARD_BRAND_LABELS[card.brand]} card ${maskLast4(card.cardMask)}`;

/** Banks first (primary first), then cards (primary first). */
export const buildPayFromOptions = (banks: BankAccountView[], cards: CardView[]): PayFromOption[] => [
  ...[...banks]
    .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary))
    .map(
      (bank): PayFromOption => ({
        id: bank.paymentInstrumentId,
        kind: 'BANK',
        label: bankOptionLabel(bank),
        note: bankNote(bank),
        usable: isUsableBank(bank),
        isPrimary: bank.isPrimary,
      }),
    ),
  ...[...cards]
    .sort((a, b) => Number(b.isPrimaryCard) - Number(a.isPrimaryCard))
    .map(
      (card): PayFromOption => ({
        id: card.id,
        kind: 'CARD',
        label: cardOptionLabel(card),
        note: null,
        usable: true,
        isPrimary: card.isPrimaryCard,
      }),
    ),
];

/**
 * The §5 message for the chosen source: none chosen → 'Please select a payment method.'; a bank that is
 * not verified → 'Please select a verified bank account.'; otherwise null.
 */
export const payFromMessage = (option: PayFromOption | undefined): string | null => {
  if (!option) return APPROVAL_TEXTS.selectPaymentMethod;
  if (!option.usable) return APPROVAL_TEXTS.selectVerifiedBank;
  return null;
};
