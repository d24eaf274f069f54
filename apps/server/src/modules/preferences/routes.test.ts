import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUSTIN_ADDRESS } from '../../testing/addresses.js';
import { addBusinessMember, makeBusiness, makeUser, signIn } from '../../testing/factories.js';
import { jpegBytes, multipartBody, pngBytes } from '../../testing/multipart.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { businessVerifications } from '../verification/tables.js';
import { businessPreferences } from './tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const toronto = {
  addressLine1: '100 King St W',
  addressLine2: '',
  city: 'Toronto',
  state: 'ON',
  zipCode: 'M5X1A9',
  country: 'CA',
};

async function owned() {
  const { businessId, owner } = await makeBusiness(t.context);
  return { businessId, owner, headers: await signIn(t.context, owner) };
}

const get = (businessId: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/preferences/${businessId}`, headers });
const patch = (businessId: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/preferences/${businessId}`,
    headers,
    payload: payload as Record<string, unknown>,
  });
const upload = (
  businessId: string,
  headers: Record<string, string>,
  file: { data: Buffer; filename?: string; contentType?: string; name?: string },
) => {
  const body = multipartBody([
    {
      name: file.name ?? 'file',
      filename: file.filename ?? 'logo.png',
      contentType: file.contentType ?? 'image/png',
      data: file.data,
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/preferences/${businessId}/logo`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};
const getLogo = (businessId: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/preferences/${businessId}/logo`, headers });
const storedLogoKey = async (businessId: string) => {
  const [row] = await t.context.database.db
    .select({ key: businessPreferences.logoKey })
    .from(businessPreferences)
    .where(eq(businessPreferences.businessId, businessId));
  return row?.key ?? null;
};

describe('GET/PATCH /api/preferences/:businessId (business profile)', () => {
  it('answers an empty profile for a business nobody has edited', async () => {
    const { businessId, headers } = await owned();
    const res = await get(businessId, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      businessId,
      website: null,
      addresses: { billing: null, shipping: null },
      logo: null,
      updatedAt: null,
    });
  });

  it('shows the website and address given for verification until the profile sets its own', async () => {
    const { businessId, headers } = await owned();
    await t.context.database.db.insert(businessVerifications).values({
      businessId,
      legalBusinessName: 'Harbor Coffee LLC',
      taxId: '123456789',
      website: 'harborcoffee.com',
      employeeCount: '1-10',
      address: AUSTIN_ADDRESS,
    });
    expect((await get(businessId, headers)).json().data).toMatchObject({
      website: 'harborcoffee.com',
      addresses: { billing: AUSTIN_ADDRESS, shipping: null },
    });

    await patch(businessId, headers, { website: 'www.harbor.coffee', addresses: { billing: toronto } });
    expect((await get(businessId, headers)).json().data).toMatchObject({
      website: 'www.harbor.coffee',
      addresses: { billing: toronto, shipping: null },
    });
  });

  it('saves the website and the billing and shipping addresses, and reads them back', async () => {
    const { businessId, headers } = await owned();
    const res = await patch(businessId, headers, {
      website: ' https://harborcoffee.com ',
      addresses: { billing: AUSTIN_ADDRESS, shipping: toronto },
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      businessId,
      website: 'https://harborcoffee.com',
      addresses: { billing: AUSTIN_ADDRESS, shipping: toronto },
      logo: null,
      updatedAt: t.clock.now().toISOString(),
    };
    expect(res.json().data).toEqual(expected);
    expect((await get(businessId, headers)).json().data).toEqual(expected);
  });

  it('keeps the fields left out, and clears an empty website or an all-empty address', async () => {
    const { businessId, headers } = await owned();
    await patch(businessId, headers, {
      website: 'harborcoffee.com',
      addresses: { billing: AUSTIN_ADDRESS, shipping: toronto },
    });

    const onlyWebsite = await patch(businessId, headers, { website: 'www.harbor.coffee' });
    expect(onlyWebsite.json().data).toMatchObject({
      website: 'www.harbor.coffee',
      addresses: { billing: AUSTIN_ADDRESS, shipping: toronto },
    });

    const cleared = await patch(businessId, headers, {
      website: '',
      addresses: { shipping: { addressLine1: '', city: '', state: '', zipCode: '', country: '' } },
    });
    expect(cleared.json().data).toMatchObject({
      website: null,
      addresses: { billing: AUSTIN_ADDRESS, shipping: null },
    });
  });

  it('requires line 1, city, state, zip code and country once any address field is filled', async () => {
    const { businessId, headers } = await owned();
    const res = await patch(businessId, headers, { addresses: { billing: { addressLine2: 'Suite 5' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'addresses.billing.addressLine1', message: 'Address Line 1 is required.' },
      { field: 'addresses.billing.city', message: 'City is required.' },
      { field: 'addresses.billing.state', message: 'State is required.' },
      { field: 'addresses.billing.zipCode', message: 'Zip Code is required.' },
      { field: 'addresses.billing.country', message: 'Country is required.' },
    ]);
    expect((await get(businessId, headers)).json().data.addresses.billing).toBeNull();
  });

  it.each([
    ['city', { city: 'c'.repeat(41) }, 'City name is too long.'],
    ['state', { state: 's'.repeat(41), country: 'CA' }, 'State name is too long.'],
    ['zipCode', { zipCode: '1234567890' }, 'Zip Code is too long.'],
    ['state', { state: 'Texass' }, 'Please select a valid state.'],
    ['state', { state: 'Ontario', country: 'CA' }, 'State Code (2 characters)'],
  ])('checks the shipping %s: %j → %s', async (field, change, message) => {
    const { businessId, headers } = await owned();
    const res = await patch(businessId, headers, {
      addresses: { shipping: { ...AUSTIN_ADDRESS, ...change } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: `addresses.shipping.${field}`, message });
  });

  it('accepts exactly 40-character city and state names and a 9-character zip, and a US state by name', async () => {
    const { businessId, headers } = await owned();
    const res = await patch(businessId, headers, {
      addresses: {
        billing: { ...AUSTIN_ADDRESS, city: 'c'.repeat(40), zipCode: '787010001', state: 'Texas' },
        shipping: { ...toronto, state: 'ON' },
      },
    });
    expect(res.statusCode).toBe(200);
  });

  it.each(['harborcoffee', 'javascript:alert(1)', 'harbor coffee.com', 'ftp://harborcoffee.com'])(
    'refuses the website %j',
    async (website) => {
      const { businessId, headers } = await owned();
      const res = await patch(businessId, headers, { website });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'website', message: 'Please enter a valid website address, for example harborcoffee.com.' },
      ]);
    },
  );

  it('lets a Read-only member read the profile but not change it', async () => {
    const { businessId, headers } = await owned();
    await patch(businessId, headers, { website: 'harborcoffee.com' });
    const viewer = await makeUser(t.context);
    await addBusinessMember(t.context, { businessId, user: viewer, roleName: 'Read-only' });
    const viewerHeaders = await signIn(t.context, viewer);
    expect((await get(businessId, viewerHeaders)).json().data.website).toBe('harborcoffee.com');
    const res = await patch(businessId, viewerHeaders, { website: 'evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('ACCESS_DENIED');
    expect((await get(businessId, headers)).json().data.website).toBe('harborcoffee.com');
  });
});

describe('POST/GET/DELETE /api/preferences/:businessId/logo', () => {
  it('stores a PNG through the files provider and serves it back to members', async () => {
    const { businessId, headers } = await owned();
    const png = pngBytes(2048);
    const res = await upload(businessId, headers, { data: png });
    expect(res.statusCode).toBe(200);
    const { logo } = res.json().data;
    expect(logo).toEqual({
      url: `/api/preferences/${businessId}/logo?v=${t.clock.now().getTime()}`,
      contentType: 'image/png',
      size: 2048,
      updatedAt: t.clock.now().toISOString(),
    });
    const key = await storedLogoKey(businessId);
    expect(key).toMatch(new RegExp(`^businesses/${businessId}/logo/[0-9a-f]{24}\\.png$`));
    expect((await t.context.providers.files.get(key ?? ''))?.body).toEqual(png);

    const image = await getLogo(businessId, headers);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload).toEqual(png);
    // The URL the profile answers works as is (the version query is ignored).
    expect((await t.app.inject({ method: 'GET', url: logo.url, headers })).rawPayload).toEqual(png);
  });

  it('replaces the logo with a JPEG and removes the old file', async () => {
    const { businessId, headers } = await owned();
    await upload(businessId, headers, { data: pngBytes() });
    const oldKey = await storedLogoKey(businessId);
    t.clock.advance(60_000);
    const jpeg = jpegBytes(4096);
    const res = await upload(businessId, headers, {
      data: jpeg,
      filename: 'logo.jpg',
      contentType: 'image/jpeg',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.logo).toMatchObject({ contentType: 'image/jpeg', size: 4096 });
    const newKey = await storedLogoKey(businessId);
    expect(newKey).toMatch(/\.jpg$/);
    expect(await t.context.providers.files.get(oldKey ?? '')).toBeNull();
    const image = await getLogo(businessId, headers);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload).toEqual(jpeg);
  });

  it('decides the type by the magic bytes, not by the name or declared type', async () => {
    const { businessId, headers } = await owned();
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    for (const data of [gif, svg, Buffer.from('%PDF-1.7')]) {
      const res = await upload(businessId, headers, { data, filename: 'logo.png', contentType: 'image/png' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        errorCode: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Only PNG and JPEG images can be uploaded.',
        errors: [{ field: 'file', message: 'Only PNG and JPEG images can be uploaded.' }],
      });
    }
    // A real PNG declared as something else is still a PNG.
    const png = await upload(businessId, headers, {
      data: pngBytes(),
      filename: 'logo.txt',
      contentType: 'text/plain',
    });
    expect(png.json().data.logo.contentType).toBe('image/png');
  });

  it('accepts exactly 2 MB and refuses one byte more, keeping the previous logo', async () => {
    const { businessId, headers } = await owned();
    const atLimit = await upload(businessId, headers, { data: pngBytes(2 * 1024 * 1024) });
    expect(atLimit.statusCode).toBe(200);
    const keyBefore = await storedLogoKey(businessId);

    const tooLarge = await upload(businessId, headers, { data: pngBytes(2 * 1024 * 1024 + 1) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      errorCode: 'PAYLOAD_TOO_LARGE',
      message: 'The logo must be 2 MB or smaller.',
    });
    expect(await storedLogoKey(businessId)).toBe(keyBefore);
  });

  it('refuses an empty file, a body without a file and a JSON body', async () => {
    const { businessId, headers } = await owned();
    const empty = await upload(businessId, headers, { data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please choose an image to upload.');

    const fieldOnly = multipartBody([{ name: 'note', data: 'hello' }]);
    const noFile = await t.app.inject({
      method: 'POST',
      url: `/api/preferences/${businessId}/logo`,
      headers: { ...headers, ...fieldOnly.headers },
      payload: fieldOnly.payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Please choose an image to upload.');

    const json = await t.app.inject({
      method: 'POST',
      url: `/api/preferences/${businessId}/logo`,
      headers,
      payload: { file: 'iVBORw0KGgo=' },
    });
    expect(json.statusCode).toBe(415);

    const raw = await t.app.inject({
      method: 'POST',
      url: `/api/preferences/${businessId}/logo`,
      headers: { ...headers, 'content-type': 'image/png' },
      payload: pngBytes(),
    });
    expect(raw.statusCode).toBe(415);
    expect(await storedLogoKey(businessId)).toBeNull();
  });

  it('answers 404 when there is no logo, and removes one', async () => {
    const { businessId, headers } = await owned();
    const none = await getLogo(businessId, headers);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ errorCode: 'NOT_FOUND', message: 'This business has no logo yet.' });

    await upload(businessId, headers, { data: pngBytes() });
    const key = await storedLogoKey(businessId);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/preferences/${businessId}/logo`,
      headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.logo).toBeNull();
    expect(await t.context.providers.files.get(key ?? '')).toBeNull();
    expect((await getLogo(businessId, headers)).statusCode).toBe(404);
    // Removing again is harmless.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/preferences/${businessId}/logo`,
      headers,
    });
    expect(again.statusCode).toBe(200);
  });

  it('lets a Read-only member see the logo but not upload or remove one', async () => {
    const { businessId, headers } = await owned();
    await upload(businessId, headers, { data: pngBytes() });
    const viewer = await makeUser(t.context);
    await addBusinessMember(t.context, { businessId, user: viewer, roleName: 'Read-only' });
    const viewerHeaders = await signIn(t.context, viewer);
    expect((await getLogo(businessId, viewerHeaders)).statusCode).toBe(200);
    expect((await upload(businessId, viewerHeaders, { data: jpegBytes() })).statusCode).toBe(403);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/preferences/${businessId}/logo`,
      headers: viewerHeaders,
    });
    expect(removed.statusCode).toBe(403);
    expect((await getLogo(businessId, headers)).headers['content-type']).toBe('image/png');
  });
});
