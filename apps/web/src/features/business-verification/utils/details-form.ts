import {
  COUNTRIES,
  EMPLOYEE_COUNT_BANDS,
  findCountry,
  findUsState,
  formatTaxId,
  type VerificationForm,
  verificationFormSchema,
} from '@ferry/domain';
import type { VerificationFormView } from '../api/get-verification-form';

export type AddressValues = {
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
};

/** The business details form as typed. */
export type DetailsValues = {
  legalBusinessName: string;
  taxId: string;
  website: string;
  employeeCount: string | null;
  address: AddressValues;
};

export const isUsCountry = (country: string): boolean => country === 'US';

/** A stored country ('US', 'USA', 'United States') as the code of the country list. */
export const normaliseCountry = (value: string | null | undefined): string => {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return '';
  const byName = COUNTRIES.find((c) => c.name.toLowerCase() === trimmed.toLowerCase());
  return findCountry(trimmed)?.code ?? byName?.code ?? trimmed;
};

const isBand = (value: string | null | undefined): value is string =>
  EMPLOYEE_COUNT_BANDS.some((band) => band.value === value);

/** The form's starting values: what was saved, else the business name and the business's country. */
export const toDetailsValues = (view: VerificationFormView): DetailsValues => {
  const saved = view.form;
  const address = saved?.address;
  const country = normaliseCountry(address?.country || view.country);
  const state = address?.state ?? '';
  return {
    legalBusinessName: saved?.legalBusinessName ?? view.businessName,
    taxId: saved ? formatTaxId(saved.taxId) : '',
    website: saved?.website ?? '',
    employeeCount: isBand(saved?.employeeCount) ? saved.employeeCount : null,
    address: {
      addressLine1: address?.addressLine1 ?? '',
      addressLine2: address?.addressLine2 ?? '',
      city: address?.city ?? '',
      // A US state is chosen from the list by its code; the address lookup may have stored its name.
      state: isUsCountry(country) ? (findUsState(state)?.code ?? state) : state,
      zipCode: address?.zipCode ?? '',
      country,
    },
  };
};

/** The values as the shared schema's input (an unchosen band stays missing, so its message shows). */
const toInput = (values: DetailsValues): unknown => ({
  legalBusinessName: values.legalBusinessName,
  taxId: values.taxId,
  website: values.website,
  employeeCount: values.employeeCount ?? undefined,
  address: values.address,
});

/** Spec 000 §5 through `verificationFormSchema`, the schema the server applies: the first message per field. */
export const validateDetails = (values: DetailsValues): Record<string, string> => {
  const result = verificationFormSchema.safeParse(toInput(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
};

/** The PATCH body, or null when the values do not pass the schema. */
export const toDetailsRequest = (values: DetailsValues): VerificationForm | null => {
  const result = verificationFormSchema.safeParse(toInput(values));
  return result.success ? result.data : null;
};

export const employeeBandLabel = (value: string | null | undefined): string =>
  EMPLOYEE_COUNT_BANDS.find((band) => band.value === value)?.label ?? 'Not set';

/** One line for a saved address ('12 Pier Road, Seattle, WA 98101, United States'). */
export const formatAddress = (address: Partial<AddressValues> | null | undefined): string => {
  if (!address) return 'Not set';
  const country = address.country ? (findCountry(address.country)?.name ?? address.country) : '';
  const stateZip = [address.state, address.zipCode].filter(Boolean).join(' ');
  const parts = [address.addressLine1, address.addressLine2, address.city, stateZip, country].filter(
    (part): part is string => Boolean(part),
  );
  return parts.length > 0 ? parts.join(', ') : 'Not set';
};
