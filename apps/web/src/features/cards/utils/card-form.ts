import {
  type CardBillingAddress,
  cardFormSchema,
  cardHolderFormSchema,
  findCountry,
  parseCardExpiry,
  toVaultBillingAddress,
} from '@ferry/domain';
import type { z } from 'zod';
import type { AddressValues } from '@/lib/address';
import type { VaultCardInput } from '../api/card-vault';
import { digitsOf } from './card-format';

/** The billing address of a card, as the form holds it (country as its 2-letter code). */
export type CardBillingValues = AddressValues;

/** The holder part of every card form: name and billing address (spec 002 §3, §5). */
export type CardHolderValues = { nameOnCard: string; billingAddress: CardBillingValues };

/** The sandbox vault's whole form: the card's own fields too. */
export type AddCardValues = CardHolderValues & { cardNumber: string; expiry: string; cvv: string };

export const EMPTY_BILLING: CardBillingValues = {
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  zipCode: '',
  country: 'US',
};

export const EMPTY_HOLDER_VALUES: CardHolderValues = { nameOnCard: '', billingAddress: EMPTY_BILLING };

export const EMPTY_CARD_VALUES: AddCardValues = {
  ...EMPTY_HOLDER_VALUES,
  cardNumber: '',
  expiry: '',
  cvv: '',
};

/** 'MM/YY' is taken as 'MM/20YY'; the shared rules read 'MM/YYYY'. */
export const normaliseExpiry = (value: string): string => {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(value);
  return match ? `${match[1]}/20${match[2]}` : value.trim();
};

/** Mantine form errors (`'billingAddress.city'` paths) from a zod result: the first message per field. */
const issuesToErrors = (issues: readonly z.core.$ZodIssue[]): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
};

/** The name and billing address, by the shared card rules. */
export const validateCardHolder = (values: CardHolderValues): Record<string, string> => {
  const result = cardHolderFormSchema.safeParse(values);
  return result.success ? {} : issuesToErrors(result.error.issues);
};

/** The sandbox form, by the shared card rules (`today` decides an expired card). */
export const validateAddCard = (values: AddCardValues, today: Date): Record<string, string> => {
  const result = cardFormSchema(today).safeParse({ ...values, expiry: normaliseExpiry(values.expiry) });
  return result.success ? {} : issuesToErrors(result.error.issues);
};

/** The billing address as the shared schema cleans it (trimmed, state upper case, 2-letter country). */
export const cleanBilling = (values: CardBillingValues): CardBillingAddress =>
  cardHolderFormSchema.shape.billingAddress.parse(values);

/** The card and its billing address as the sandbox vault takes them (3-letter country, 'region'). */
export const toVaultInput = (values: AddCardValues): VaultCardInput => {
  const expiry = parseCardExpiry(normaliseExpiry(values.expiry));
  const billing = toVaultBillingAddress(cleanBilling(values.billingAddress));
  return {
    number: digitsOf(values.cardNumber),
    expMonth: expiry?.month ?? 0,
    expYear: expiry?.year ?? 0,
    cvc: values.cvv,
    name: values.nameOnCard.trim(),
    billingAddress: {
      line1: billing.line1,
      line2: billing.line2 ?? '',
      city: billing.city,
      region: billing.region,
      postal_code: billing.postal_code,
      country: billing.country || (findCountry(values.billingAddress.country)?.isoAlpha3 ?? ''),
    },
  };
};
