import { useState } from 'react';
import type { AutoPaySlots } from '@/features/auto-pay';
import { GuestPhoneStep } from '@/features/guest-payment/components/guest-phone-step';
import { MethodForm } from '@/features/guest-payment/components/method-form';
import { ContinueOnboarding } from '@/features/guest-payment/components/outcome-views';
import { initialMethodValues, type MethodValues } from '@/features/guest-payment/utils/plan';
import { guestPaymentSlots } from '../guest-payment-slots';

/** The guest method form's auto-payment variant, keeping its own choice. */
const AutoPayMethodForm: AutoPaySlots['MethodForm'] = ({ info, onChoose, ...autoPay }) => {
  const [values, setValues] = useState<MethodValues>(() => initialMethodValues(info));
  return (
    <MethodForm
      info={info}
      values={values}
      onChange={setValues}
      slots={guestPaymentSlots}
      autoPay={autoPay}
      onReview={(plan) =>
        onChoose({ kind: plan.kind, instrumentId: plan.instrumentId, methodLabel: plan.methodLabel })
      }
    />
  );
};

/** What the auto-pay method and result pages borrow from the guest payment flow. */
export const autoPaySlots: AutoPaySlots = {
  PhoneStep: GuestPhoneStep,
  MethodForm: AutoPayMethodForm,
  ContinueOnboarding,
};
