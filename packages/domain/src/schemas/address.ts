import { z } from 'zod';
import { findUsState } from '../catalogues/us-states.js';

export const ADDRESS_MESSAGES = {
  line1Required: 'Address Line 1 is required.',
  cityRequired: 'City is required.',
  stateRequired: 'State is required.',
  zipRequired: 'Zip Code is required.',
  countryRequired: 'Country is required.',
  cityTooLong: 'City name is too long.',
  stateTooLong: 'State name is too long.',
  zipTooLong: 'Zip Code is too long.',
  stateCode: 'State Code (2 characters)',
  usState: 'Please select a valid state.',
} as const;

const optionalText = z.string().trim().optional().default('');

const isUnitedStates = (country: string): boolean =>
  ['US', 'USA', 'UNITED STATES'].includes(country.trim().toUpperCase());

/**
 * A billing (or shipping) address. All fields are optional until one is filled; then line 1, city,
 * state, zip code and country are required (line 2 stays optional). City and state at most 40
 * characters, zip at most 9. For the US the state must be a US state (code or name); elsewhere a
 * 2-character state code.
 */
export const addressSchema = z
  .object({
    addressLine1: optionalText,
    addressLine2: optionalText,
    city: optionalText.pipe(z.string().max(40, { error: ADDRESS_MESSAGES.cityTooLong })),
    state: optionalText.pipe(z.string().max(40, { error: ADDRESS_MESSAGES.stateTooLong })),
    zipCode: optionalText.pipe(z.string().max(9, { error: ADDRESS_MESSAGES.zipTooLong })),
    country: optionalText,
  })
  .superRefine((a, ctx) => {
    const filled = [a.addressLine1, a.addressLine2, a.city, a.state, a.zipCode, a.country].some(
      (v) => v !== '',
    );
    if (!filled) return;
    const require = (field: keyof typeof a, message: string) => {
      if (a[field] === '') ctx.addIssue({ code: 'custom', message, path: [field] });
    };
    require('addressLine1', ADDRESS_MESSAGES.line1Required);
    require('city', ADDRESS_MESSAGES.cityRequired);
    require('state', ADDRESS_MESSAGES.stateRequired);
    require('zipCode', ADDRESS_MESSAGES.zipRequired);
    require('country', ADDRESS_MESSAGES.countryRequired);
    if (a.state === '' || a.country === '') return;
    if (isUnitedStates(a.country)) {
      if (!findUsState(a.state))
        ctx.addIssue({ code: 'custom', message: ADDRESS_MESSAGES.usState, path: ['state'] });
    } else if (a.state.length !== 2) {
      ctx.addIssue({ code: 'custom', message: ADDRESS_MESSAGES.stateCode, path: ['state'] });
    }
  });
export type Address = z.infer<typeof addressSchema>;

/** Whether an address is complete enough to be sent (line 1, city, state and zip present). */
export const isAddressSendable = (a: Partial<Address>): boolean =>
  Boolean(a.addressLine1?.trim() && a.city?.trim() && a.state?.trim() && a.zipCode?.trim());
