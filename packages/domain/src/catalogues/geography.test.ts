import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, DEFAULT_COUNTRY, findCountry, INDIA_COUNTRY, US_AND_CA_COUNTRIES } from './countries.js';
import { DEFAULT_PHONE_COUNTRY, findPhoneCountry, PHONE_COUNTRIES } from './phone-countries.js';
import { DEFAULT_STATE, findUsState, US_STATES } from './us-states.js';

const EU = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' ');

describe('countries', () => {
  it('has about 50 unique entries including US, Canada, UK, every EU member and Puerto Rico', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(45);
    expect(COUNTRIES.length).toBeLessThanOrEqual(55);
    const codes = COUNTRIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of ['US', 'CA', 'GB', 'PR', ...EU]) expect(codes).toContain(code);
    for (const c of COUNTRIES) expect(c.isoAlpha3).toMatch(/^[A-Z]{3}$/);
  });

  it('has the US-and-CA short list and the defaults', () => {
    expect(US_AND_CA_COUNTRIES.map((c) => c.code)).toEqual(['US', 'CA']);
    expect(DEFAULT_COUNTRY).toEqual({
      name: 'United States',
      iso: 'us',
      dialCode: '1',
      currency: 'USD',
      isoAlpha3: 'USA',
    });
    expect(INDIA_COUNTRY.dialCode).toBe('91');
    expect(INDIA_COUNTRY.currency).toBe('INR');
    expect(findCountry('usa')?.name).toBe('United States');
    expect(findCountry('pr')?.isoAlpha3).toBe('PRI');
    expect(findCountry('XX')).toBeUndefined();
  });
});

describe('phone countries', () => {
  it('has about 90 unique entries', () => {
    expect(PHONE_COUNTRIES.length).toBeGreaterThanOrEqual(85);
    expect(new Set(PHONE_COUNTRIES.map((c) => c.iso)).size).toBe(PHONE_COUNTRIES.length);
  });

  it('uses the dial code libphonenumber knows for every country', () => {
    for (const c of PHONE_COUNTRIES) {
      const iso = c.iso.toUpperCase();
      expect(isSupportedCountry(iso), iso).toBe(true);
      if (isSupportedCountry(iso)) expect(getCountryCallingCode(iso), c.name).toBe(c.dialCode);
    }
  });

  it('defaults to the US', () => {
    expect(DEFAULT_PHONE_COUNTRY).toEqual({ name: 'United States', dialCode: '1', iso: 'us' });
    expect(findPhoneCountry('IN')?.dialCode).toBe('91');
  });
});

describe('US states', () => {
  it('has the 50 states and DC, default AL', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(51);
    expect(findUsState('DC')?.name).toBe('District of Columbia');
    expect(findUsState('new york')?.code).toBe('NY');
    expect(DEFAULT_STATE).toBe('AL');
  });
});
