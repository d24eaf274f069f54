import { describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES,
  cardBillingAddressSchema,
  cardFormSchema,
  detectCardBrand,
  feeQuoteRequestSchema,
  fromVaultBillingAddress,
  isCardExpiryValid,
  isProhibitedMerchantCategory,
  luhnValid,
  MERCHANT_FORM_MESSAGES,
  merchantApplicationSchema,
  SAQ_MESSAGES,
  saqDetailsSchema,
  toVaultBillingAddress,
  websiteHost,
} from './cards-api.js';
import { firstMessage, messagesOf } from './test-helpers.js';

const TODAY = '2026-11-02';

describe('detectCardBrand', () => {
  it.each([
    ['4242424242424242', 'VISA'],
    ['4000056655665556', 'VISA'],
    ['4', 'VISA'],
    ['5555555555554444', 'MASTERCARD'],
    ['5200828282828210', 'MASTERCARD'],
    ['2223003122003222', 'MASTERCARD'],
    ['2720999999999996', 'MASTERCARD'],
    ['2721000000000000', 'GENERIC'],
    ['2220999999999999', 'GENERIC'],
    ['378282246310005', 'AMERICAN_EXPRESS'],
    ['371449635398431', 'AMERICAN_EXPRESS'],
    ['6011111111111117', 'DISCOVER'],
    ['6011000990139424', 'DISCOVER'],
    ['6221260000000000', 'DISCOVER'],
    ['6229250000000000', 'DISCOVER'],
    ['6445644564456445', 'DISCOVER'],
    ['6500000000000002', 'DISCOVER'],
    ['3056930009020004', 'DINERS_CLUB'],
    ['36227206271667', 'DINERS_CLUB'],
    ['3800000000000006', 'DINERS_CLUB'],
    ['3566002020360505', 'JCB'],
    ['3528000000000007', 'JCB'],
    ['3589000000000003', 'JCB'],
    ['3590000000000000', 'GENERIC'],
    ['6200000000000005', 'GENERIC'],
    ['1234567812345670', 'GENERIC'],
    ['4242 4242 4242 4242', 'VISA'],
    ['', 'GENERIC'],
    ['abcd', 'GENERIC'],
  ])('%s is %s', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
  });
});

describe('luhnValid', () => {
  it.each(['4242424242424242', '378282246310005', '6011111111111117', '4000 0000 0000 0002', '79927398713'])(
    'accepts %s',
    (n) => expect(luhnValid(n)).toBe(true),
  );
  it.each(['4242424242424241', '1234567812345678', '', '4', 'abcd', '79927398710'])('refuses %s', (n) =>
    expect(luhnValid(n)).toBe(false),
  );
});

describe('the card form', () => {
  const valid = {
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/2030',
    cvv: '123',
    nameOnCard: 'Jane Doe',
    billingAddress: {
      addressLine1: '1 Main St',
      addressLine2: '',
      city: 'Austin',
      state: 'tx',
      zipCode: '78701',
      country: 'US',
    },
  };
  const schema = cardFormSchema(TODAY);
  const field = (key: string, value: unknown) => firstMessage(schema, { ...valid, [key]: value });
  const address = (key: string, value: unknown) =>
    firstMessage(schema, { ...valid, billingAddress: { ...valid.billingAddress, [key]: value } });

  it('parses a valid card, normalising the number and the address', () => {
    const parsed = schema.parse(valid);
    expect(parsed.cardNumber).toBe('4242424242424242');
    expect(parsed.billingAddress).toEqual({
      addressLine1: '1 Main St',
      addressLine2: null,
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      country: 'US',
    });
  });

  it.each([
    ['', CARD_MESSAGES.numberRequired],
    ['424242424242', CARD_MESSAGES.numberLength],
    ['42424242424242424242', CARD_MESSAGES.numberLength],
    ['4242-4242-4242-424x', CARD_MESSAGES.numberLength],
    ['4242424242424241', CARD_MESSAGES.numberInvalid],
  ])('card number %j: %s', (value, message) => expect(field('cardNumber', value)).toBe(message));

  it('accepts 13 to 19 digit numbers that pass Luhn', () => {
    expect(field('cardNumber', '4222222222222')).toBeUndefined();
    expect(field('cardNumber', '6011000000000000001')).toBeUndefined();
  });

  it.each([
    ['', CARD_MESSAGES.expiryRequired],
    ['13/2030', CARD_MESSAGES.expiryFormat],
    ['1/2030', CARD_MESSAGES.expiryFormat],
    ['12/30', CARD_MESSAGES.expiryFormat],
    ['10/2026', CARD_MESSAGES.expired],
    ['12/2025', CARD_MESSAGES.expired],
  ])('expiry %j: %s', (value, message) => expect(field('expiry', value)).toBe(message));

  it('a card expiring this month is still valid', () => {
    expect(field('expiry', '11/2026')).toBeUndefined();
    expect(isCardExpiryValid(11, 2026, '2026-11-30')).toBe(true);
    expect(isCardExpiryValid(11, 2026, '2026-12-01')).toBe(false);
    expect(isCardExpiryValid(13, 2030, TODAY)).toBe(false);
  });

  it.each([
    ['', CARD_MESSAGES.cvvRequired],
    ['12', 'Please enter the 3-4 digit security code on the back of your card.'],
    ['12345', 'Please enter the 3-4 digit security code on the back of your card.'],
    ['12a', 'Please enter the 3-4 digit security code on the back of your card.'],
  ])('cvv %j: %s', (value, message) => expect(field('cvv', value)).toBe(message));

  it('accepts 3 and 4 digit security codes', () => {
    expect(field('cvv', '123')).toBeUndefined();
    expect(field('cvv', '1234')).toBeUndefined();
  });

  it.each([
    ['', 'Name on card is required.'],
    ['J', 'Name on card must be at least 2 characters.'],
    ['J'.repeat(51), 'Name on card cannot exceed 50 characters.'],
    ['Jane 2', 'Name on card can only contain letters and spaces'],
  ])('name on card %j: %s', (value, message) => expect(field('nameOnCard', value)).toBe(message));

  it.each([
    ['addressLine1', '', 'Address Line 1 is required.'],
    ['city', '', 'City is required.'],
    ['city', 'C'.repeat(41), 'City name is too long.'],
    ['state', '', 'State is required.'],
    ['state', 'Texas', 'State Code (2 characters)'],
    ['state', 'ZZ', 'Please select a valid state.'],
    ['zipCode', '', 'Zip Code is required.'],
    ['zipCode', '1234567890', 'Zip Code is too long.'],
    ['country', '', 'Country is required.'],
    ['country', 'Atlantis', CARD_MESSAGES.countryInvalid],
  ])('billing %s %j: %s', (key, value, message) => expect(address(key, value)).toBe(message));

  it('a non-US address needs a 2-letter state code only', () => {
    expect(
      cardBillingAddressSchema.parse({ ...valid.billingAddress, state: 'on', country: 'CAN' }),
    ).toMatchObject({ state: 'ON', country: 'CA' });
  });

  it('maps the billing address to the vault (3-letter country) and back', () => {
    const address = cardBillingAddressSchema.parse(valid.billingAddress);
    const vault = toVaultBillingAddress(address);
    expect(vault).toEqual({
      line1: '1 Main St',
      line2: null,
      city: 'Austin',
      region: 'TX',
      postal_code: '78701',
      country: 'USA',
    });
    expect(fromVaultBillingAddress(vault)).toEqual(address);
  });
});

describe('the merchant application', () => {
  const valid = {
    incorporationDate: '2020-01-15',
    businessCategory: 'RETAIL',
    businessWebsite: 'https://www.harborsupplies.com',
    businessType: 'LLC',
    payoutBankAccount: '0123456789abcdef01234567',
    expectedAnnualCardVolume: 250000,
    agreeTerms: true,
  };
  const schema = merchantApplicationSchema(TODAY);
  const field = (key: string, value: unknown) => messagesOf(schema, { ...valid, [key]: value });

  it('accepts a valid application (volume typed with commas too)', () => {
    expect(schema.parse(valid)).toEqual(valid);
    expect(schema.parse({ ...valid, expectedAnnualCardVolume: '1,000' }).expectedAnnualCardVolume).toBe(1000);
    expect(field('incorporationDate', TODAY)).toEqual([]);
  });

  it.each([
    ['incorporationDate', '', MERCHANT_FORM_MESSAGES.incorporationDateRequired],
    ['incorporationDate', undefined, MERCHANT_FORM_MESSAGES.incorporationDateRequired],
    ['incorporationDate', '2020-02-30', MERCHANT_FORM_MESSAGES.incorporationDateInvalid],
    ['incorporationDate', '15/01/2020', MERCHANT_FORM_MESSAGES.incorporationDateInvalid],
    ['incorporationDate', '2026-11-03', MERCHANT_FORM_MESSAGES.incorporationDateFuture],
    ['businessCategory', '', MERCHANT_FORM_MESSAGES.categoryRequired],
    ['businessCategory', 'SPACESHIPS', MERCHANT_FORM_MESSAGES.categoryRequired],
    ['businessWebsite', '', MERCHANT_FORM_MESSAGES.websiteRequired],
    ['businessWebsite', 'not a url', MERCHANT_FORM_MESSAGES.websiteInvalid],
    ['businessWebsite', 'ftp://example.com', MERCHANT_FORM_MESSAGES.websiteInvalid],
    ['businessType', undefined, MERCHANT_FORM_MESSAGES.businessTypeRequired],
    [
      'payoutBankAccount',
      '',
      'Only active bank accounts verified through Plaid and linked to the Chart of Accounts can be selected as the payout account',
    ],
    [
      'payoutBankAccount',
      undefined,
      'Only active bank accounts verified through Plaid and linked to the Chart of Accounts can be selected as the payout account',
    ],
    ['expectedAnnualCardVolume', '', MERCHANT_FORM_MESSAGES.volumeRequired],
    ['expectedAnnualCardVolume', undefined, MERCHANT_FORM_MESSAGES.volumeRequired],
    ['expectedAnnualCardVolume', 999, MERCHANT_FORM_MESSAGES.volume],
    ['expectedAnnualCardVolume', 10_000_001, MERCHANT_FORM_MESSAGES.volume],
    ['expectedAnnualCardVolume', 1500.5, MERCHANT_FORM_MESSAGES.volume],
    ['expectedAnnualCardVolume', '12e3', MERCHANT_FORM_MESSAGES.volume],
    ['agreeTerms', false, MERCHANT_FORM_MESSAGES.termsRequired],
    ['agreeTerms', undefined, MERCHANT_FORM_MESSAGES.termsRequired],
  ])('%s %j: %s', (key, value, message) => expect(field(key, value)).toEqual([message]));

  it('the volume bounds are inclusive', () => {
    expect(field('expectedAnnualCardVolume', 1000)).toEqual([]);
    expect(field('expectedAnnualCardVolume', 10_000_000)).toEqual([]);
    expect(MERCHANT_FORM_MESSAGES.volume).toBe(
      'Expected annual card volume must be a whole number between 1,000 and 10,000,000.',
    );
  });

  it('knows the prohibited categories and the website host', () => {
    expect(isProhibitedMerchantCategory('GAMBLING')).toBe(true);
    expect(isProhibitedMerchantCategory('RETAIL')).toBe(false);
    expect(websiteHost('HTTPS://Shop.Reject-Me.com:8080/path?q=1')).toBe('shop.reject-me.com');
    expect(websiteHost('www.example.com')).toBe('www.example.com');
  });
});

describe('the SAQ details', () => {
  const attestations = {
    outsourcedToCompliantProviders: true,
    noElectronicCardholderData: true,
    paperRecordsSecured: true,
    providerComplianceMonitored: true,
    informationIsAccurate: true,
  };
  const valid = { saqType: 'A', signerName: 'Jane Doe', signerTitle: 'CEO', attestations };

  it('needs every statement confirmed, a signer and a title', () => {
    expect(messagesOf(saqDetailsSchema, valid)).toEqual([]);
    expect(
      messagesOf(saqDetailsSchema, {
        ...valid,
        attestations: { ...attestations, paperRecordsSecured: false },
      }),
    ).toEqual([SAQ_MESSAGES.attestationRequired]);
    expect(messagesOf(saqDetailsSchema, { ...valid, attestations: undefined })).toEqual([
      SAQ_MESSAGES.attestationRequired,
    ]);
    expect(messagesOf(saqDetailsSchema, { ...valid, signerTitle: ' ' })).toEqual([
      SAQ_MESSAGES.signerTitleRequired,
    ]);
    expect(messagesOf(saqDetailsSchema, { ...valid, signerName: '' })).toEqual(['Signer name is required.']);
    expect(messagesOf(saqDetailsSchema, { ...valid, saqType: 'Z' })).toEqual([SAQ_MESSAGES.typeRequired]);
  });
});

describe('the fee quote request', () => {
  it('parses dollars into cents and needs at least $1.00', () => {
    expect(feeQuoteRequestSchema.parse({ baseAmount: 12.34, payeeId: 'x' })).toEqual({
      baseAmount: 1234,
      payeeId: 'x',
    });
    expect(firstMessage(feeQuoteRequestSchema, { baseAmount: 0.99, payeeId: 'x' })).toBe(
      'Payment amount must be at least $1.00',
    );
    expect(firstMessage(feeQuoteRequestSchema, { baseAmount: 1.234, payeeId: 'x' })).toBe(
      'Please enter a valid amount.',
    );
  });
});
