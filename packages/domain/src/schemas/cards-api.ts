import { z } from 'zod';
import { BUSINESS_TYPE_VALUES, BUSINESS_TYPES } from '../catalogues/access.js';
import { CARD_BRANDS, CARD_ONBOARDING_STATUSES, type CardBrand } from '../catalogues/banking.js';
import { findCountry } from '../catalogues/countries.js';
import { MONEY_MESSAGES } from '../catalogues/messages.js';
import { findUsState } from '../catalogues/us-states.js';
import { toCalendarDate, toDayNumber } from '../dates/calendar-date.js';
import { CARD_FEE_REASONS, CARD_FUNDINGS } from '../fees/card-fee.js';
import { positiveAmountSchema } from '../money/schemas.js';
import { ADDRESS_MESSAGES } from './address.js';
import { WEBSITE_MAX_LENGTH, WEBSITE_PATTERN } from './business-profile.js';
import { annualCardVolumeSchema, MERCHANT_MESSAGES } from './payment-form.js';
import { nameField, textField } from './text-field.js';

/**
 * Cards for paying, and card acceptance (merchant onboarding, SAQ, surcharge, fee quote) — spec 002
 * §3, §5, §7 "Banks and cards". Shared by the server and the browser.
 */

// ---------------------------------------------------------------------------------------------------
// Card numbers
// ---------------------------------------------------------------------------------------------------

/** Digits of a typed card number (spaces and dashes dropped). */
export const cardDigits = (value: string): string => value.replace(/[\s-]/g, '');

/** The Luhn (mod 10) checksum of a card number; false for anything but 2 or more digits. */
export const luhnValid = (number: string): boolean => {
  const digits = cardDigits(number);
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

const inRange = (digits: string, length: number, min: number, max: number): boolean => {
  if (digits.length < length) return false;
  const prefix = Number(digits.slice(0, length));
  return prefix >= min && prefix <= max;
};

/**
 * The card network of a (possibly partial) card number, from its leading digits (IIN ranges):
 * American Express 34/37; Diners Club 300–305, 3095, 36, 38–39; JCB 3528–3589; Discover 6011,
 * 622126–622925, 644–649, 65; Mastercard 51–55 and 2221–2720; Visa 4; anything else GENERIC.
 */
export const detectCardBrand = (number: string): CardBrand => {
  const digits = cardDigits(number);
  if (!/^\d+$/.test(digits)) return 'GENERIC';
  if (/^3[47]/.test(digits)) return 'AMERICAN_EXPRESS';
  if (/^(30[0-5]|3095|36|3[89])/.test(digits)) return 'DINERS_CLUB';
  if (inRange(digits, 4, 3528, 3589)) return 'JCB';
  if (/^(6011|64[4-9]|65)/.test(digits) || inRange(digits, 6, 622126, 622925)) return 'DISCOVER';
  if (/^5[1-5]/.test(digits) || inRange(digits, 4, 2221, 2720)) return 'MASTERCARD';
  if (digits.startsWith('4')) return 'VISA';
  return 'GENERIC';
};

/** Brand names as shown. */
export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMERICAN_EXPRESS: 'American Express',
  DISCOVER: 'Discover',
  DINERS_CLUB: 'Diners Club',
  JCB: 'JCB',
  GENERIC: 'Card',
};

export const CARD_MESSAGES = {
  numberRequired: 'Card number is required.',
  numberLength: 'Card number must be 13 to 19 digits.',
  numberInvalid: 'Card number is invalid.',
  expiryRequired: 'Expiry date is required.',
  expiryFormat: 'Expiry date must be in MM/YYYY format.',
  expired: 'The card has expired.',
  cvvRequired: 'Security code is required.',
  cvvInvalid: MONEY_MESSAGES.cardSecurityCodeHint,
  addressLine1TooLong: 'Address Line 1 cannot exceed 100 characters.',
  addressLine2TooLong: 'Address Line 2 cannot exceed 100 characters.',
  countryInvalid: 'Please select a valid country.',
  cardAdded: 'Card added successfully.',
  cardRemoved: 'Card removed successfully.',
  primaryUpdated: 'Primary card updated successfully.',
  cardLinked: 'Card linked to the account successfully.',
  cardUnlinked: 'Card unlinked from the account successfully.',
  duplicateCard: 'This card has already been added.',
  cardNotFound: 'Card not found.',
  tokenInvalid: 'The card could not be verified. Please enter the card details again.',
  tokenUsed: 'This card token has already been used. Please enter the card details again.',
  tokenMismatch: 'The card details do not match. Please enter the card details again.',
  chartAccountNotFound: 'Account not found.',
  chartAccountNotCreditCard: 'Only credit card accounts of the Chart of Accounts can be linked to a card.',
  noCard: 'Please add a card first.',
  vaultUnavailable: 'The card service is not available right now. Please try again later.',
  saveFailed: MONEY_MESSAGES.saveCardFailed,
} as const;

/** Card number typed in the card form: 13–19 digits (spaces allowed) passing the Luhn check. */
export const cardNumberSchema = z
  .string({ error: CARD_MESSAGES.numberRequired })
  .superRefine((value, ctx) => {
    const digits = cardDigits(value);
    if (digits === '') ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.numberRequired });
    else if (!/^\d{13,19}$/.test(digits))
      ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.numberLength });
    else if (!luhnValid(digits)) ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.numberInvalid });
  })
  .transform(cardDigits);

/** Whether a card expiring at the end of month/year is still valid on `today` ('YYYY-MM-DD' or Date, UTC). */
export const isCardExpiryValid = (month: number, year: number, today: string | Date): boolean => {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return false;
  const [y, m] = toCalendarDate(today).split('-').map(Number) as [number, number];
  return year > y || (year === y && month >= m);
};

/** 'MM/YYYY' → { month, year }, or null. */
export const parseCardExpiry = (value: string): { month: number; year: number } | null => {
  const match = /^(0[1-9]|1[0-2])\/(\d{4})$/.exec(value.trim());
  return match ? { month: Number(match[1]), year: Number(match[2]) } : null;
};

/** Expiry typed as MM/YYYY, not in the past (the card is valid through the end of its month). */
export const cardExpirySchema = (today: string | Date) =>
  z.string({ error: CARD_MESSAGES.expiryRequired }).superRefine((value, ctx) => {
    if (value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.expiryRequired });
      return;
    }
    const parsed = parseCardExpiry(value);
    if (!parsed) ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.expiryFormat });
    else if (!isCardExpiryValid(parsed.month, parsed.year, today))
      ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.expired });
  });

/** Security code: 3 or 4 digits. */
export const cardCvvSchema = z.string({ error: CARD_MESSAGES.cvvRequired }).superRefine((value, ctx) => {
  if (value === '') ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.cvvRequired });
  else if (!/^\d{3,4}$/.test(value)) ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.cvvInvalid });
});

/** Name on card: 2–50 letters and spaces (plus - . ' / _ & ,). */
export const nameOnCardSchema = nameField('Name on card', { min: 2, max: 50 });

/**
 * The card's current billing address (spec 002 §5 "Card"): line 1, city, state (2 letters), zip
 * (at most 9) and country required; city at most 40. For a US address the state must be a US state.
 */
export const cardBillingAddressSchema = z
  .object({
    addressLine1: textField({
      required: ADDRESS_MESSAGES.line1Required,
      max: { length: 100, message: CARD_MESSAGES.addressLine1TooLong },
    }).transform((v) => v.trim()),
    addressLine2: z
      .string()
      .trim()
      .max(100, { error: CARD_MESSAGES.addressLine2TooLong })
      .nullish()
      .transform((v) => (v ? v : null)),
    city: textField({
      required: ADDRESS_MESSAGES.cityRequired,
      max: { length: 40, message: ADDRESS_MESSAGES.cityTooLong },
    }).transform((v) => v.trim()),
    state: textField({
      required: ADDRESS_MESSAGES.stateRequired,
      pattern: { regex: /^\s*[A-Za-z]{2}\s*$/, message: ADDRESS_MESSAGES.stateCode },
    }).transform((v) => v.trim().toUpperCase()),
    zipCode: textField({
      required: ADDRESS_MESSAGES.zipRequired,
      max: { length: 9, message: ADDRESS_MESSAGES.zipTooLong },
    }).transform((v) => v.trim()),
    country: textField({
      required: ADDRESS_MESSAGES.countryRequired,
      checks: [{ test: (v) => findCountry(v) !== undefined, message: CARD_MESSAGES.countryInvalid }],
    }).transform((v) => findCountry(v)?.code ?? v.trim().toUpperCase()),
  })
  .superRefine((a, ctx) => {
    if (a.country === 'US' && /^[A-Z]{2}$/.test(a.state) && !findUsState(a.state)) {
      ctx.addIssue({ code: 'custom', message: ADDRESS_MESSAGES.usState, path: ['state'] });
    }
  });
export type CardBillingAddress = z.output<typeof cardBillingAddressSchema>;
export type CardBillingAddressInput = z.input<typeof cardBillingAddressSchema>;

/** Holder part of the Add a New Card form (what Ferry's own form asks beside the vault's card fields). */
export const cardHolderFormSchema = z.object({
  nameOnCard: nameOnCardSchema,
  billingAddress: cardBillingAddressSchema,
});

/** The sandbox vault's card fields as typed (with Stripe, Stripe Elements validates them instead). */
export const cardFieldsSchema = (today: string | Date) =>
  z.object({
    cardNumber: cardNumberSchema,
    expiry: cardExpirySchema(today),
    cvv: cardCvvSchema,
  });

/** The whole Add a New Card form of the sandbox vault. */
export const cardFormSchema = (today: string | Date) =>
  cardHolderFormSchema.extend(cardFieldsSchema(today).shape);
export type CardFormInput = z.input<ReturnType<typeof cardFormSchema>>;

// ---------------------------------------------------------------------------------------------------
// The card vault (tokenisation) — the browser posts card data there, never to Ferry's business routes
// ---------------------------------------------------------------------------------------------------

export const CARD_VAULT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type CardVaultProviderName = (typeof CARD_VAULT_PROVIDERS)[number];

export const VAULT_ERROR_CODES = [
  'INVALID_NUMBER',
  'INVALID_EXPIRY',
  'INVALID_CVC',
  'CARD_DECLINED',
] as const;
export type VaultErrorCode = (typeof VAULT_ERROR_CODES)[number];

export const VAULT_ERROR_MESSAGES: Record<VaultErrorCode, string> = {
  INVALID_NUMBER: 'Your card number is invalid.',
  INVALID_EXPIRY: 'Your card’s expiration date is invalid or in the past.',
  INVALID_CVC: MONEY_MESSAGES.cardSecurityCodeHint,
  CARD_DECLINED: 'Your card was declined.',
};

/** The billing address as the vault takes it (country as a 3-letter code). */
export const vaultBillingAddressSchema = z.object({
  line1: z.string().trim().min(1).max(100),
  line2: z.string().trim().max(100).nullish(),
  city: z.string().trim().min(1).max(40),
  region: z.string().trim().min(1).max(40),
  postal_code: z.string().trim().min(1).max(9),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, { error: 'Country must be a 3-letter code.' }),
});
export type VaultBillingAddress = z.infer<typeof vaultBillingAddressSchema>;

/** `POST /sandbox/card-vault/tokens`: card data (checked by the vault itself, which answers 422 codes). */
export const vaultTokenRequestSchema = z.object({
  number: z.string().max(40),
  expMonth: z.coerce.number().int(),
  expYear: z.coerce.number().int(),
  cvc: z.string().max(8),
  name: z.string().trim().min(1).max(50),
  billingAddress: vaultBillingAddressSchema,
});
export type VaultTokenRequest = z.input<typeof vaultTokenRequestSchema>;

export const vaultTokenSchema = z
  .object({
    tokenId: z.string(),
    fingerprint: z.string(),
    brand: z.enum(CARD_BRANDS),
    last4: z.string(),
    funding: z.enum(CARD_FUNDINGS),
  })
  .meta({ id: 'VaultToken' });
export type VaultToken = z.infer<typeof vaultTokenSchema>;

/** The form's billing address as the vault wants it (alpha-3 country). */
export const toVaultBillingAddress = (address: CardBillingAddress): VaultBillingAddress => ({
  line1: address.addressLine1,
  line2: address.addressLine2 ?? null,
  city: address.city,
  region: address.state,
  postal_code: address.zipCode,
  country: findCountry(address.country)?.isoAlpha3 ?? address.country,
});

/** The vault's billing address back in Ferry's shape (alpha-2 country). */
export const fromVaultBillingAddress = (address: {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  region?: string | null;
  postal_code?: string | null;
  country?: string | null;
}): CardBillingAddress => ({
  addressLine1: address.line1 ?? '',
  addressLine2: address.line2 || null,
  city: address.city ?? '',
  state: (address.region ?? '').toUpperCase(),
  zipCode: address.postal_code ?? '',
  country: findCountry(address.country ?? '')?.code ?? (address.country ?? '').toUpperCase(),
});

// ---------------------------------------------------------------------------------------------------
// Cards API
// ---------------------------------------------------------------------------------------------------

const idSchema = z.string().trim().min(1).max(64);

/** `POST /business/{id}/card-payment/card`: the vault's token and fingerprint. */
export const addCardRequestSchema = z.object({
  tokenId: z.string().trim().min(1, { error: CARD_MESSAGES.tokenInvalid }).max(255),
  fingerprint: z.string().trim().min(1, { error: CARD_MESSAGES.tokenInvalid }).max(255),
  /** Saved cards are listed for later payments; an unsaved card serves the payment it was added for. */
  isCardSaved: z.boolean().default(true),
});
export type AddCardRequest = z.input<typeof addCardRequestSchema>;

export const cardIdRequestSchema = z.object({ cardId: idSchema });
export const cardLinkAccountRequestSchema = z.object({ cardId: idSchema, businessAccountId: idSchema });

export const cardViewSchema = z
  .object({
    id: z.string(),
    brand: z.enum(CARD_BRANDS),
    /** Last 4 digits only. */
    cardMask: z.string(),
    funding: z.enum(CARD_FUNDINGS),
    expirationMonth: z.number().int(),
    expirationYear: z.number().int(),
    nameOnCard: z.string(),
    isPrimaryCard: z.boolean(),
    billingAddress: z.object({
      addressLine1: z.string(),
      addressLine2: z.string().nullable(),
      city: z.string(),
      state: z.string(),
      zipCode: z.string(),
      country: z.string(),
    }),
    platformChartOfAccountId: z.string().nullable(),
    chartAccountName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Card' });
export type CardView = z.infer<typeof cardViewSchema>;

// ---------------------------------------------------------------------------------------------------
// Card acceptance: merchant onboarding
// ---------------------------------------------------------------------------------------------------

/** Business categories of the merchant form; `prohibited` ones are refused by card processors. */
export const MERCHANT_CATEGORIES = [
  { value: 'RETAIL', label: 'Retail', prohibited: false },
  { value: 'WHOLESALE', label: 'Wholesale & Distribution', prohibited: false },
  { value: 'PROFESSIONAL_SERVICES', label: 'Professional Services', prohibited: false },
  { value: 'CONSTRUCTION', label: 'Construction & Contractors', prohibited: false },
  { value: 'MANUFACTURING', label: 'Manufacturing', prohibited: false },
  { value: 'HEALTHCARE', label: 'Healthcare', prohibited: false },
  { value: 'RESTAURANTS', label: 'Restaurants & Food Service', prohibited: false },
  { value: 'TRANSPORTATION', label: 'Transportation & Logistics', prohibited: false },
  { value: 'SOFTWARE', label: 'Software & Technology', prohibited: false },
  { value: 'MARKETING', label: 'Marketing & Advertising', prohibited: false },
  { value: 'EDUCATION', label: 'Education', prohibited: false },
  { value: 'REAL_ESTATE', label: 'Real Estate', prohibited: false },
  { value: 'NON_PROFIT', label: 'Non-profit & Charity', prohibited: false },
  { value: 'OTHER_SERVICES', label: 'Other Services', prohibited: false },
  { value: 'GAMBLING', label: 'Gambling & Betting', prohibited: true },
  { value: 'CRYPTOCURRENCY', label: 'Cryptocurrency & Virtual Currency', prohibited: true },
  { value: 'FIREARMS', label: 'Firearms & Ammunition', prohibited: true },
  { value: 'ADULT_CONTENT', label: 'Adult Content & Services', prohibited: true },
] as const;
export type MerchantCategory = (typeof MERCHANT_CATEGORIES)[number]['value'];
const MERCHANT_CATEGORY_VALUES = MERCHANT_CATEGORIES.map((c) => c.value) as [
  MerchantCategory,
  ...MerchantCategory[],
];
export const isProhibitedMerchantCategory = (category: string): boolean =>
  MERCHANT_CATEGORIES.some((c) => c.value === category && c.prohibited);

/** Business types of the merchant form (the business types of spec 000 §3). */
export const MERCHANT_BUSINESS_TYPES = BUSINESS_TYPES;

export const MERCHANT_FORM_MESSAGES = {
  incorporationDateRequired: 'Incorporation date is required.',
  incorporationDateInvalid: 'Please enter a valid date.',
  incorporationDateFuture: 'Incorporation date cannot be in the future.',
  categoryRequired: 'Business category is required.',
  websiteRequired: 'Business website is required.',
  websiteInvalid: 'Please enter a valid website URL, e.g. www.example.com',
  websiteTooLong: 'Website cannot exceed 255 characters.',
  businessTypeRequired: 'Business type is required.',
  payoutBank: MONEY_MESSAGES.payoutBankRule,
  volumeRequired: 'Expected annual card volume is required.',
  volume: MERCHANT_MESSAGES.volume,
  termsRequired: 'Please agree to the terms and conditions to continue.',
} as const;

export const MERCHANT_API_MESSAGES = {
  submitted: MONEY_MESSAGES.cardAcceptanceSubmitted,
  saqSubmitted: MONEY_MESSAGES.saqSubmitted,
  surchargeUpdated: MONEY_MESSAGES.surchargeUpdated,
  notVerified:
    'Your business must be fully verified before it can accept card payments. Please complete business verification first.',
  alreadySubmitted: 'An application for card payment acceptance has already been submitted.',
  saqNotPending: 'SAQ details can be submitted once the application is approved.',
  surchargeNotActive: 'The surcharge can be changed once card payment acceptance is active.',
  surchargeNotFound: 'Surcharge not found.',
  payeeNotFound: 'Payee not found.',
  rejectedWebsite: 'The business website could not be verified by the card processor.',
  rejectedCategory: 'The card processor does not support businesses in this category.',
} as const;

const calendarDateOrNull = (value: string): string | null => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  try {
    toDayNumber(value);
    return value;
  } catch {
    return null;
  }
};

/** A website for the merchant form: required, a URL (optional http(s) scheme, host with a TLD). */
export const merchantWebsiteSchema = textField({
  required: MERCHANT_FORM_MESSAGES.websiteRequired,
  max: { length: WEBSITE_MAX_LENGTH, message: MERCHANT_FORM_MESSAGES.websiteTooLong },
  checks: [{ test: (v) => WEBSITE_PATTERN.test(v.trim()), message: MERCHANT_FORM_MESSAGES.websiteInvalid }],
}).transform((v) => v.trim());

/** The host of a website as typed ('https://Shop.Example.com/x' → 'shop.example.com'). */
export const websiteHost = (website: string): string => {
  const withoutScheme = website.trim().replace(/^https?:\/\//i, '');
  const host = withoutScheme.split(/[/?#]/)[0] ?? '';
  return host.replace(/:\d+$/, '').toLowerCase();
};

/**
 * Merchant onboarding (spec 002 §5 "Merchant"): incorporation date (not in the future, relative to
 * `today`, or the clock it is read from at each validation), category, website, business type, payout bank, expected annual card volume (whole USD
 * 1,000–10,000,000) and the terms agreement.
 */
export const merchantApplicationSchema = (today: string | Date | (() => string | Date)) =>
  z.object({
    incorporationDate: z
      .string({ error: MERCHANT_FORM_MESSAGES.incorporationDateRequired })
      .trim()
      .superRefine((value, ctx) => {
        if (value === '') {
          ctx.addIssue({ code: 'custom', message: MERCHANT_FORM_MESSAGES.incorporationDateRequired });
          return;
        }
        const date = calendarDateOrNull(value);
        if (!date) ctx.addIssue({ code: 'custom', message: MERCHANT_FORM_MESSAGES.incorporationDateInvalid });
        else if (
          toDayNumber(date) > toDayNumber(toCalendarDate(typeof today === 'function' ? today() : today))
        )
          ctx.addIssue({ code: 'custom', message: MERCHANT_FORM_MESSAGES.incorporationDateFuture });
      }),
    businessCategory: z.enum(MERCHANT_CATEGORY_VALUES, { error: MERCHANT_FORM_MESSAGES.categoryRequired }),
    businessWebsite: merchantWebsiteSchema,
    businessType: z.enum(BUSINESS_TYPE_VALUES, { error: MERCHANT_FORM_MESSAGES.businessTypeRequired }),
    payoutBankAccount: z
      .string({ error: MERCHANT_FORM_MESSAGES.payoutBank })
      .trim()
      .min(1, { error: MERCHANT_FORM_MESSAGES.payoutBank }),
    expectedAnnualCardVolume: z
      .union([z.number(), z.string()], { error: MERCHANT_FORM_MESSAGES.volumeRequired })
      .transform((value, ctx) => {
        const text = typeof value === 'string' ? value.replace(/,/g, '').trim() : value;
        if (text === '') {
          ctx.addIssue({ code: 'custom', message: MERCHANT_FORM_MESSAGES.volumeRequired });
          return z.NEVER;
        }
        const parsed = annualCardVolumeSchema.safeParse(text);
        if (!parsed.success || (typeof text === 'string' && !/^\d+$/.test(text))) {
          ctx.addIssue({ code: 'custom', message: MERCHANT_FORM_MESSAGES.volume });
          return z.NEVER;
        }
        return parsed.data;
      }),
    agreeTerms: z.literal(true, { error: MERCHANT_FORM_MESSAGES.termsRequired }),
  });
export type MerchantApplicationInput = z.input<ReturnType<typeof merchantApplicationSchema>>;
export type MerchantApplication = z.output<ReturnType<typeof merchantApplicationSchema>>;

/**
 * `POST …/card-payment/merchant`: the application, where the website and business type may be left
 * out when the business already gave them (profile, verification); the server fills them in.
 */
export const merchantApplicationRequestSchema = (today: string | Date | (() => string | Date)) => {
  const schema = merchantApplicationSchema(today);
  return schema.extend({
    businessWebsite: schema.shape.businessWebsite.optional(),
    businessType: schema.shape.businessType.optional(),
  });
};
export type MerchantApplicationRequest = z.output<ReturnType<typeof merchantApplicationRequestSchema>>;

/** The SAQ types offered; with hosted card fields (the card vault) SAQ A applies. */
export const SAQ_TYPES = [
  { value: 'A', label: 'SAQ A — card-not-present, all cardholder data functions outsourced' },
  { value: 'A-EP', label: 'SAQ A-EP — e-commerce with a website that affects payment security' },
  { value: 'D', label: 'SAQ D — all other merchants' },
] as const;
export type SaqType = (typeof SAQ_TYPES)[number]['value'];
const SAQ_TYPE_VALUES = SAQ_TYPES.map((s) => s.value) as [SaqType, ...SaqType[]];

/** The statements the signer attests to (PCI DSS Self-Assessment Questionnaire, part 3). */
export const SAQ_ATTESTATIONS = [
  {
    key: 'outsourcedToCompliantProviders',
    label: 'All payment processing is outsourced to PCI DSS validated third-party service providers.',
  },
  {
    key: 'noElectronicCardholderData',
    label:
      'The business does not electronically store, process or transmit cardholder data on its systems or premises.',
  },
  {
    key: 'paperRecordsSecured',
    label:
      'Any paper reports or receipts with cardholder data are not kept electronically and are stored securely.',
  },
  {
    key: 'providerComplianceMonitored',
    label: 'The business monitors the PCI DSS compliance status of its service providers at least annually.',
  },
  {
    key: 'informationIsAccurate',
    label:
      'The information in this questionnaire is accurate and I am authorised to sign it for the business.',
  },
] as const;
export type SaqAttestationKey = (typeof SAQ_ATTESTATIONS)[number]['key'];

export const SAQ_MESSAGES = {
  typeRequired: 'SAQ type is required.',
  signerTitleRequired: 'Signer title is required.',
  signerTitleTooLong: 'Signer title cannot exceed 50 characters.',
  attestationRequired: 'Please confirm every statement to continue.',
} as const;

/** SAQ validity: one year from completion. */
export const SAQ_VALIDITY_DAYS = 365;

const attestationShape = Object.fromEntries(
  SAQ_ATTESTATIONS.map((a) => [a.key, z.literal(true, { error: SAQ_MESSAGES.attestationRequired })]),
) as Record<SaqAttestationKey, z.ZodLiteral<true>>;

export const saqDetailsSchema = z.object({
  saqType: z.enum(SAQ_TYPE_VALUES, { error: SAQ_MESSAGES.typeRequired }),
  signerName: nameField('Signer name', { min: 2, max: 50 }),
  signerTitle: textField({
    required: SAQ_MESSAGES.signerTitleRequired,
    onlySpaces: SAQ_MESSAGES.signerTitleRequired,
    max: { length: 50, message: SAQ_MESSAGES.signerTitleTooLong },
  }).transform((v) => v.trim()),
  attestations: z.object(attestationShape, { error: SAQ_MESSAGES.attestationRequired }),
});
export type SaqDetailsInput = z.input<typeof saqDetailsSchema>;

export const surchargeToggleSchema = z.object({ enabled: z.boolean() });

export const merchantStatusSchema = z
  .object({
    status: z.enum(CARD_ONBOARDING_STATUSES),
    application: z
      .object({
        incorporationDate: z.string(),
        businessCategory: z.string(),
        businessWebsite: z.string(),
        businessType: z.string(),
        payoutBankAccount: z.string(),
        expectedAnnualCardVolume: z.number().int(),
        agreeTerms: z.boolean(),
        submittedAt: z.string(),
        decidedAt: z.string().nullable(),
      })
      .nullable(),
    rejectionReason: z.string().nullable(),
    saq: z
      .object({
        saqType: z.string(),
        completedAt: z.string(),
        expiresAt: z.string(),
        signerName: z.string(),
        signerTitle: z.string(),
      })
      .nullable(),
    surcharge: z
      .object({
        id: z.string(),
        enabled: z.boolean(),
        rateBps: z.number().int(),
        maxRateBps: z.number().int(),
      })
      .nullable(),
    eligiblePayoutBanks: z.array(
      z.object({
        id: z.string(),
        bankName: z.string(),
        accountMask: z.string(),
        chartAccountName: z.string().nullable(),
      }),
    ),
    /**
     * What the business already gave (business details, profile, verification), so the form asks only
     * for the rest: a website or business type here (valid for the application) may be left out.
     */
    knownDetails: z.object({
      legalBusinessName: z.string().nullable(),
      /** The tax id (EIN) with all but its last four digits masked. */
      taxIdMasked: z.string().nullable(),
      /** The verification address on one line. */
      address: z.string().nullable(),
      businessWebsite: z.string().nullable(),
      businessType: z.enum(BUSINESS_TYPE_VALUES).nullable(),
    }),
  })
  .meta({ id: 'MerchantStatus' });
export type MerchantStatus = z.infer<typeof merchantStatusSchema>;

// ---------------------------------------------------------------------------------------------------
// Card fee quote
// ---------------------------------------------------------------------------------------------------

/** `POST /business/{id}/card-payment/fee-quote`: dollars (2 dp, ≥ 1.00), parsed into cents. */
export const feeQuoteRequestSchema = z.object({
  baseAmount: positiveAmountSchema,
  payeeId: idSchema,
  cardId: idSchema.optional(),
});
export type FeeQuoteRequest = z.input<typeof feeQuoteRequestSchema>;

export const feeQuoteSchema = z
  .object({
    /** The fee in dollars. */
    cardFee: z.number(),
    feeCents: z.number().int(),
    /** Base amount plus fee, in dollars. */
    totalAmount: z.number(),
    rateBps: z.number().int(),
    surcharged: z.boolean(),
    reason: z.enum(CARD_FEE_REASONS),
  })
  .meta({ id: 'CardFeeQuote' });
export type FeeQuote = z.infer<typeof feeQuoteSchema>;
