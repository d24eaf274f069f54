import type { BankAccountView, CardView } from '@ferry/domain';
import type { ComponentType } from 'react';

/**
 * What the method screen borrows from the banking and cards areas (features do not import each other):
 * the route module hands them in, lazy-loaded.
 */
export type GuestPaymentSlots = {
  /** Adding a bank (instant or manual); `onAdded` gets the banks stored. */
  AddBankDialog: ComponentType<{
    businessId: string;
    opened: boolean;
    onClose: () => void;
    onAdded: (banks: BankAccountView[]) => void;
    /** 'auto-pay': the chooser's heading '…to authorize auto-payments.' (spec 002 §2). */
    variant?: 'auto-pay';
  }>;
  /** 'Enter Deposited Amounts': verifies a manual bank with its two micro-deposits. */
  VerifyBankDialog: ComponentType<{
    businessId: string;
    bank: BankAccountView | null;
    opened: boolean;
    onClose: () => void;
    onConnectInstantly: () => void;
  }>;
  /** 'Add a New Card'. */
  AddCardDialog: ComponentType<{
    businessId: string;
    opened: boolean;
    onClose: () => void;
    onAdded?: (card: CardView) => void;
  }>;
};
