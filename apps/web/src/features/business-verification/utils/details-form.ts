import {
  EMPLOYEE_COUNT_BANDS,
  findCountry,
  formatTaxId,
  type VerificationForm,
  verificationFormSchema,
} from '@ferry/domain';
import { type AddressValues, normaliseCountry, normaliseState } from '@/lib/address';
import type { VerificationFormView } from '../api/get-verification-form';

/** The business details form as typed. */
export type DetailsValues = {
  legalBusinessName: string;
  taxId: string;
  website: string;
  employeeCount: string | null;
  address: AddressValues;
};

const isBand = (value: string | null | undefined): value is string =>
  EMPLOYEE_COUNT_BANDS.some((band) => band.value === value);

/** The form's starting values: what was saved, else the business name and the business's country. */
export const toDetailsValues = (view: VerificationFormView): DetailsValues => {
  const saved = view.form;
  const address = saved?.address;
  const country = normaliseCountry(address?.country || view.country);
  return {
    legalBusinessName: saved?.legalBusinessName ?? view.businessName,
    taxId: saved ? formatTaxId(saved.taxId) : '',
    website: saved?.website ?? '',
    employeeCount: isBand(saved?.employeeCount) ? saved.employeeCount : null,
    address: {
      addressLine1: address?.addressLine1 ?? '',
      addressLine2: address?.addressLine2 ?? '',
      city: address?.city ?? '',
      // The address lookup may have stored a US state's name.
      state: normaliseState(country, address?.state ?? ''),
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
