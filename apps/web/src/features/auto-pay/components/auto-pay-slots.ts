import type { GuestPaymentInfo } from '@ferry/domain';
import type { ComponentType, ReactNode } from 'react';

/** The method the payer chose on the method form. */
export type ChosenMethod = { kind: 'BANK' | 'CARD'; instrumentId: string; methodLabel: string };

/**
 * What the auto-pay pages borrow from the guest payment flow (features do not import each other): the
 * route modules hand them in, bound to their auto-payment variants.
 */
export type AutoPaySlots = {
  /** The guest phone step (last four digits or a new number, then the SMS code). */
  PhoneStep: ComponentType<{ token: string; onVerified: (info: GuestPaymentInfo) => void }>;
  /**
   * The guest payment-method form's auto-payment variant: Bank and Card tabs, the business's banks
   * (unverified ones refused), add / verify bank and add card dialogs; `consent` sits above the submit
   * button, enabled only with `consented` and a method.
   */
  MethodForm: ComponentType<{
    info: GuestPaymentInfo;
    title: string;
    consent: ReactNode;
    consented: boolean;
    submitLabel: string;
    isSubmitting: boolean;
    serverError: string | null;
    onChoose: (method: ChosenMethod) => void;
  }>;
  /** 'Continue onboarding' for a guest (the path the guest payment outcome offers). */
  ContinueOnboarding: ComponentType;
};
