import type { CardView } from '@ferry/domain';
import type { ComponentType } from 'react';

/**
 * What the method screen borrows from the banking and cards areas (features do not import each other):
 * the route module hands them in, lazy-loaded.
 */
export type GuestPaymentSlots = {
  /** The business's bank list with the add-bank chooser (instant or manual) and verification. */
  BankManager: ComponentType<{ businessId: string }>;
  /** 'Add a New Card'. */
  AddCardDialog: ComponentType<{
    businessId: string;
    opened: boolean;
    onClose: () => void;
    onAdded?: (card: CardView) => void;
  }>;
};
