import { COUNTRIES, findCountry, findUsState, US_STATES } from '@ferry/domain';
import type { ComboboxItem } from '@mantine/core';

/** An address as a form holds it: every part a string, the country and a US state as list codes. */
export type AddressValues = {
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
};

/** The country select's options, by code. */
export const COUNTRY_OPTIONS: ComboboxItem[] = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));
/** The US state select's options, by code. */
export const US_STATE_OPTIONS: ComboboxItem[] = US_STATES.map((s) => ({ value: s.code, label: s.name }));

export const isUsCountry = (country: string): boolean => country === 'US';

/** A stored country ('US', 'USA', 'United States') as the code of the country list. */
export const normaliseCountry = (value: string | null | undefined): string => {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return '';
  const byName = COUNTRIES.find((c) => c.name.toLowerCase() === trimmed.toLowerCase());
  return findCountry(trimmed)?.code ?? byName?.code ?? trimmed;
};

/** A US state is chosen from the list by its code; a stored name becomes its code. Elsewhere it stays. */
export const normaliseState = (country: string, state: string): string =>
  isUsCountry(country) ? (findUsState(state)?.code ?? state) : state;
