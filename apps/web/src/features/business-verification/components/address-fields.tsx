import type { UseFormReturnType } from '@mantine/form';
import { AddressFields as RequiredAddressFields } from '@/components/address-fields';
import type { DetailsValues } from '../utils/details-form';

/**
 * The business address (spec 000 §5): line 1 and 2, city, state, zip and country. The state is chosen
 * from the US states for a US address, and is a 2-character code anywhere else.
 */
export const AddressFields = ({ form }: { form: UseFormReturnType<DetailsValues> }) => (
  <RequiredAddressFields form={form} path="address" legend="Business address" />
);
