import type { UseFormReturnType } from '@mantine/form';
import { AddressFields } from '@/components/address-fields';
import type { CardBillingValues } from '../utils/card-form';

type WithBilling = { billingAddress: CardBillingValues };

/**
 * The card's billing address (spec 002 §5): line 1, city, state, zip code and country required, line 2
 * optional. A US state is chosen from the list; elsewhere the state is a 2-letter code.
 */
export const CardBillingFields = <T extends WithBilling>({
  form,
  disabled = false,
}: {
  form: UseFormReturnType<T>;
  disabled?: boolean;
}) => (
  <AddressFields
    form={form}
    path="billingAddress"
    legend="Billing address"
    autoCompleteSection="billing"
    zipCodeMaxLength={9}
    disabled={disabled}
  />
);
