import { ADDRESS_MESSAGES, BUSINESS_PROFILE_MESSAGES, LOGO_MAX_BYTES } from '@ferry/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Business } from '@/lib/businesses';
import { SEATTLE_ADDRESS } from '@/testing/addresses';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { chooseOption } from '@/testing/select';
import { renderRoutes, Where } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import type { BusinessPreferences } from '../api/preferences';
import { BUSINESS_ID, makeBusiness } from '../testing/businesses';
import { PROFILE_SAVED_MESSAGE } from './business-profile-addresses';
import {
  BusinessProfilePage,
  DETAILS_SAVED_MESSAGE,
  LOCKED_DURING_VERIFICATION,
  READ_ONLY_NOTICE,
  VERIFIED_DETAILS_NOTE,
} from './business-profile-page';

const PAGE = `/b/${BUSINESS_ID}/settings/business-profile`;
const routes: RouteObject[] = [
  { path: '/b/:businessId/settings/business-profile', element: <BusinessProfilePage /> },
  { path: '/b/:businessId/kyb/details', element: <Where name="Verify business" /> },
];

const BILLING = SEATTLE_ADDRESS;

const makePreferences = (overrides: Partial<BusinessPreferences> = {}): BusinessPreferences => ({
  businessId: BUSINESS_ID,
  website: 'harborcoffee.com',
  addresses: { billing: BILLING, shipping: null },
  logo: null,
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

let api: ReturnType<typeof mockApi>;

const setUp = (business: Partial<Business> = {}, preferences: Partial<BusinessPreferences> = {}) => {
  const profile = makeUserProfile();
  signInAs(profile);
  api = mockApi({
    'GET /user': ok(profile),
    [`GET /business/${BUSINESS_ID}`]: ok(makeBusiness(business)),
    [`GET /preferences/${BUSINESS_ID}`]: ok(makePreferences(preferences)),
  });
};

const field = (name: string) => screen.getByRole('textbox', { name });
const PREFS = `/preferences/${BUSINESS_ID}`;

const choose = chooseOption;

describe('Business profile page', () => {
  beforeEach(() => setUp());

  it('loads the business and its profile and shows every section', async () => {
    renderRoutes(routes, PAGE);
    expect(screen.getByLabelText('Loading the business profile')).toBeInTheDocument();
    const details = await screen.findByRole('region', { name: 'Business details' });
    expect(within(details).getByText('Harbor Coffee Roasters')).toBeInTheDocument();
    expect(within(details).getByText('Limited Liability Company (LLC)')).toBeInTheDocument();
    expect(within(details).getByText('United States')).toBeInTheDocument();
    const verification = screen.getByRole('region', { name: 'Verification status' });
    expect(within(verification).getByText('Not started')).toBeInTheDocument();
    expect(within(verification).getByRole('link', { name: 'Finish verification' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/kyb/details`,
    );
    expect(field('Website')).toHaveValue('harborcoffee.com');
    expect(field('Billing address: Address Line 1')).toHaveValue('12 Pier Road');
    expect(field('Billing address: City')).toHaveValue('Seattle');
    // A US address chooses its state from the list of US states.
    expect(screen.getByRole('combobox', { name: 'Billing address: State' })).toHaveValue('Washington');
    expect(screen.getByText('No logo yet.')).toBeInTheDocument();
    expect(screen.queryByText(READ_ONLY_NOTICE)).not.toBeInTheDocument();
  });

  it('shows the verified badge without the verification link, and the logo when there is one', async () => {
    setUp(
      { status: 'FULL_VERIFIED', verificationStep: 'COMPLETED' },
      { logo: { url: `/api${PREFS}/logo?v=1`, contentType: 'image/png', size: 10, updatedAt: null } },
    );
    renderRoutes(routes, PAGE);
    const verification = await screen.findByRole('region', { name: 'Verification status' });
    expect(within(verification).getByText('Fully verified')).toBeInTheDocument();
    expect(within(verification).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Business logo' })).toHaveAttribute(
      'src',
      `/api${PREFS}/logo?v=1`,
    );
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    // Verified: the name and type stay read-only, and say so instead of 'Locked during verification'.
    expect(screen.queryByRole('button', { name: 'Edit business details' })).not.toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Business details' });
    expect(within(details).getByText(VERIFIED_DETAILS_NOTE)).toBeInTheDocument();
    expect(within(details).queryByText(LOCKED_DURING_VERIFICATION)).not.toBeInTheDocument();
  });

  it('shows where the verification stands and leads to the business verification (KYB) page', async () => {
    setUp({ verificationStep: 'OWNERS', status: 'SUBMITTED', onboardingState: 'REVIEW_PENDING' });
    const user = userEvent.setup();
    renderRoutes(routes, PAGE);
    const verification = await screen.findByRole('region', { name: 'Verification status' });
    expect(within(verification).getByText('Submitted')).toBeInTheDocument();
    expect(within(verification).getByText('In review')).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Business details' });
    expect(within(details).getByText(LOCKED_DURING_VERIFICATION)).toBeInTheDocument();
    await user.click(within(verification).getByRole('link', { name: 'View verification' }));
    expect(
      await screen.findByRole('heading', { name: `Verify business at /b/${BUSINESS_ID}/kyb/details` }),
    ).toBeInTheDocument();
  });

  it('shows the error of a failed load', async () => {
    api.handlers[`GET /preferences/${BUSINESS_ID}`] = fail(500, 'Database unavailable');
    renderRoutes(routes, PAGE);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading data: Database unavailable');
  });

  it('validates addresses with the messages of spec 000 §5 and sends nothing', async () => {
    setUp({}, { website: null, addresses: { billing: null, shipping: null } });
    const user = userEvent.setup();
    renderRoutes(routes, PAGE);
    await user.type(await screen.findByRole('textbox', { name: 'Shipping address: City' }), 'Toronto');
    await choose(user, 'Shipping address: Country', 'Canada');
    await user.type(field('Shipping address: State'), 'O');
    await user.type(field('Website'), 'not a site');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(ADDRESS_MESSAGES.line1Required)).toBeInTheDocument();
    expect(screen.getByText(ADDRESS_MESSAGES.zipRequired)).toBeInTheDocument();
    expect(screen.getByText(ADDRESS_MESSAGES.stateCode)).toBeInTheDocument();
    expect(screen.getByText(BUSINESS_PROFILE_MESSAGES.websiteInvalid)).toBeInTheDocument();
    expect(field('Shipping address: Zip Code')).toHaveAttribute('aria-invalid', 'true');
    // The untouched billing address stays valid.
    expect(field('Billing address: City')).not.toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(`PATCH ${PREFS}`)).toHaveLength(0);
  });

  it('saves the website and both addresses with PATCH /preferences and shows server field errors', async () => {
    const user = userEvent.setup();
    let reply = fail(400, 'Zip Code is too long.', {
      errorCode: 'VALIDATION_ERROR',
      errors: [{ field: 'addresses.shipping.zipCode', message: 'Zip Code is too long.' }],
    });
    api.handlers[`PATCH ${PREFS}`] = () => reply;
    renderRoutes(routes, PAGE);
    const website = await screen.findByRole('textbox', { name: 'Website' });
    await user.clear(website);
    await user.type(website, '  https://harbor.coffee ');
    await user.type(field('Shipping address: Address Line 1'), '1 Dock St');
    await user.type(field('Shipping address: City'), 'Austin');
    await user.type(field('Shipping address: Zip Code'), '73301');
    await choose(user, 'Shipping address: Country', 'United States');
    await choose(user, 'Shipping address: State', 'Texas');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Zip Code is too long.')).toBeInTheDocument();
    expect(field('Shipping address: Zip Code')).toHaveAttribute('aria-invalid', 'true');

    reply = ok(makePreferences({ website: 'https://harbor.coffee' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(PROFILE_SAVED_MESSAGE)).toBeInTheDocument();
    const bodies = api.bodiesOf(`PATCH ${PREFS}`);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual({
      website: 'https://harbor.coffee',
      addresses: {
        billing: BILLING,
        shipping: {
          addressLine1: '1 Dock St',
          addressLine2: '',
          city: 'Austin',
          state: 'TX',
          zipCode: '73301',
          country: 'US',
        },
      },
    });
  });

  it('edits the name and type with PATCH /business while verification has not started', async () => {
    const user = userEvent.setup();
    api.handlers[`PATCH /business/${BUSINESS_ID}`] = ok({ id: BUSINESS_ID, country: 'US' });
    renderRoutes(routes, PAGE);
    await user.click(await screen.findByRole('button', { name: 'Edit business details' }));
    const name = field('Business Name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Business name is required')).toBeInTheDocument();
    await user.type(name, 'Harbor Tea');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DETAILS_SAVED_MESSAGE)).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH /business/${BUSINESS_ID}`)).toEqual([
      { businessName: 'Harbor Tea', businessType: 'LLC', category: 'NONE' },
    ]);
  });

  it('shows everything read-only to a member without write permission', async () => {
    setUp(
      { role: 'Read-only', permissions: ['SETTINGS_USERS_AND_ROLES.view'] },
      { logo: { url: `/api${PREFS}/logo?v=1`, contentType: 'image/png', size: 10, updatedAt: null } },
    );
    renderRoutes(routes, PAGE);
    expect(await screen.findByText(READ_ONLY_NOTICE)).toBeInTheDocument();
    expect(field('Website')).toHaveAttribute('readonly');
    expect(field('Billing address: City')).toHaveAttribute('readonly');
    for (const name of ['Edit business details', 'Save changes', 'Upload logo', 'Replace logo', 'Remove']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('img', { name: 'Business logo' })).toBeInTheDocument();
  });
});

describe('Business profile logo', () => {
  beforeEach(() => setUp());

  const LOGO = `POST ${PREFS}/logo`;

  it('refuses a file that is not PNG or JPEG, or larger than 2 MB, without uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderRoutes(routes, PAGE);
    const input = await screen.findByLabelText('Logo file');
    await user.upload(input, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByText(BUSINESS_PROFILE_MESSAGES.logoType)).toBeInTheDocument();
    const big = new File([new Uint8Array(LOGO_MAX_BYTES + 1)], 'logo.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await screen.findByText(BUSINESS_PROFILE_MESSAGES.logoTooLarge)).toBeInTheDocument();
    expect(api.callsTo(LOGO)).toHaveLength(0);
  });

  it('uploads a PNG and shows it, then removes it', async () => {
    const user = userEvent.setup();
    const withLogo = makePreferences({
      logo: { url: `/api${PREFS}/logo?v=2`, contentType: 'image/png', size: 4, updatedAt: null },
    });
    api.handlers[LOGO] = ok(withLogo);
    api.handlers[`DELETE ${PREFS}/logo`] = ok(makePreferences());
    renderRoutes(routes, PAGE);
    const input = await screen.findByLabelText('Logo file');
    await user.upload(
      input,
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: 'Business logo' })).toHaveAttribute(
      'src',
      `/api${PREFS}/logo?v=2`,
    );
    const sent = api.fetchMock.mock.calls.find(([url]) => String(url).endsWith(`${PREFS}/logo`));
    const body = sent?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBeInstanceOf(File);

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Business logo' })).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE ${PREFS}/logo`)).toHaveLength(1);
  });
});
