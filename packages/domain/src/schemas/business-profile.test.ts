import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  businessPreferencesUpdateSchema,
  detectLogoType,
  LOGO_MAX_BYTES,
  websiteSchema,
} from './business-profile.js';
import { firstMessage, messagesOf } from './test-helpers.js';

const INVALID = 'Please enter a valid website address, for example harborcoffee.com.';

describe('websiteSchema', () => {
  it.each([
    'harborcoffee.com',
    'www.harborcoffee.com',
    'https://harborcoffee.com',
    'http://shop.harbor-coffee.co.uk/about?ref=ferry#team',
    'HTTPS://HarborCoffee.COM',
    'harborcoffee.com:8443/path',
  ])('accepts %s', (value) => {
    expect(firstMessage(websiteSchema, value)).toBeUndefined();
  });

  it.each([
    'harborcoffee',
    'harbor coffee.com',
    'javascript:alert(1)',
    'ftp://harborcoffee.com',
    'https://',
    '-harbor.com',
    'harbor.c0m',
    'mailto:maya@harborcoffee.com',
  ])('refuses %s', (value) => {
    expect(firstMessage(websiteSchema, value)).toBe(INVALID);
  });

  it('trims, lets an empty value clear the field and limits the length', () => {
    expect(websiteSchema.parse('  harborcoffee.com ')).toBe('harborcoffee.com');
    expect(websiteSchema.parse('')).toBe('');
    expect(firstMessage(websiteSchema, `harborcoffee.com/${'a'.repeat(240)}`)).toBe(
      'Website cannot exceed 255 characters.',
    );
  });
});

describe('businessPreferencesUpdateSchema', () => {
  const billing = { addressLine1: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701', country: 'US' };

  it('accepts a partial update', () => {
    expect(businessPreferencesUpdateSchema.safeParse({}).success).toBe(true);
    expect(businessPreferencesUpdateSchema.safeParse({ website: 'harborcoffee.com' }).success).toBe(true);
    expect(businessPreferencesUpdateSchema.safeParse({ addresses: { billing } }).success).toBe(true);
  });

  it('applies the address rules to billing and shipping', () => {
    expect(
      messagesOf(businessPreferencesUpdateSchema, { addresses: { shipping: { city: 'Austin' } } }),
    ).toEqual([
      'Address Line 1 is required.',
      'State is required.',
      'Zip Code is required.',
      'Country is required.',
    ]);
    expect(
      messagesOf(businessPreferencesUpdateSchema, {
        addresses: { billing: { ...billing, state: 'Ontario', country: 'CA' } },
      }),
    ).toEqual(['State Code (2 characters)']);
  });
});

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0));

describe('detectLogoType', () => {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0];
  const jpeg = [0xff, 0xd8, 0xff, 0xe0, 0, 0];

  it('recognises PNG and JPEG by their first bytes', () => {
    expect(detectLogoType(Uint8Array.from(png))).toBe('image/png');
    expect(detectLogoType(Uint8Array.from(jpeg))).toBe('image/jpeg');
  });

  it('refuses GIF, SVG, PDF, truncated signatures and empty files', () => {
    expect(detectLogoType(ascii('GIF89a'))).toBeNull();
    expect(detectLogoType(ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectLogoType(ascii('%PDF-1.7'))).toBeNull();
    expect(detectLogoType(Uint8Array.from(png.slice(0, 7)))).toBeNull();
    expect(detectLogoType(new Uint8Array())).toBeNull();
  });

  it('property: bytes not starting with a signature are never an image', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 32 }), (bytes) => {
        const isPng = bytes.length >= 8 && png.slice(0, 8).every((b, i) => bytes[i] === b);
        const isJpeg = bytes.length >= 3 && jpeg.slice(0, 3).every((b, i) => bytes[i] === b);
        expect(detectLogoType(bytes) !== null).toBe(isPng || isJpeg);
      }),
    );
  });

  it('limits logos to 2 MB', () => {
    expect(LOGO_MAX_BYTES).toBe(2_097_152);
  });
});
