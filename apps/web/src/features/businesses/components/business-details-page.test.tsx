import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { businessKeys } from '@/lib/businesses';
import { getStored } from '@/lib/storage';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { openOptionList } from '@/testing/select';
import { renderRoutes, Where } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import { businessesQueryOptions } from '../api/get-businesses';
import { BUSINESS_ID, makeBusiness } from '../testing/businesses';
import { BUSINESS_NAME_TOOLTIP } from './business-details-form';
import { BusinessDetailsPage, SAVE_FAILED_TEXT } from './business-details-page';

const routes: RouteObject[] = [
  { path: '/onboard/b/add', element: <BusinessDetailsPage /> },
  { path: '/onboard/b/:businessId/details', element: <BusinessDetailsPage /> },
  { path: '/onboard/b/:businessId/link-bank', element: <Where name="Link bank" /> },
  { path: '/onboard/b/:businessId/completed', element: <Where name="Completed" /> },
];

const DETAILS = `/onboard/b/${BUSINESS_ID}/details`;

let api: ReturnType<typeof mockApi>;

const setUp = (country: string | null = 'US') => {
  const profile = makeUserProfile({ country });
  signInAs(profile);
  api = mockApi({
    'GET /user': ok(profile),
    'POST /business': ok({ businessId: BUSINESS_ID, id: BUSINESS_ID, country }, { status: 201 }),
    [`GET /business/${BUSINESS_ID}`]: ok(makeBusiness({ country })),
  });
};

const nameInput = () => screen.getByRole('textbox', { name: /Business Name/ });
const typeInput = () => screen.getByRole('combobox', { name: /Business Type/ });
const agreement = () =>
  screen.getByRole('checkbox', { name: 'I agree that none of these categories apply to my business' });
const nextButton = () => screen.getByRole('button', { name: 'Next' });
const countryInput = () => screen.getByRole('combobox', { name: /Country/ });

/** The options of one select (every select keeps its options in the page). */
const optionsOf = async (user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement) => {
  const list = await openOptionList(user, combobox);
  return within(list).getAllByRole('option', { hidden: true });
};

const chooseCountry = async (user: ReturnType<typeof userEvent.setup>, label: string) => {
  await user.click(countryInput());
  await user.click(await screen.findByRole('option', { name: label, hidden: true }));
};

const chooseType = async (user: ReturnType<typeof userEvent.setup>, label: string) => {
  await user.click(typeInput());
  await user.click(await screen.findByRole('option', { name: label, hidden: true }));
};

const fillValidForm = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(nameInput(), 'Harbor Coffee Roasters');
  await chooseType(user, 'Limited Liability Company (LLC)');
  await user.click(agreement());
};

describe('Business details step: a new business (spec 000 §2, §4, §5)', () => {
  beforeEach(() => setUp('US'));

  it('shows the form with its tooltip, the six business types and Next disabled until valid', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/onboard/b/add');
    expect(await screen.findByRole('heading', { name: 'Tell us about your business' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: BUSINESS_NAME_TOOLTIP })).toBeInTheDocument();
    expect(typeInput()).toHaveAttribute('placeholder', 'Select the type of business');
    expect(nextButton()).toBeDisabled();

    const options = await optionsOf(user, typeInput());
    expect(options.map((o) => o.textContent)).toEqual([
      'Sole Proprietorship',
      'Partnership',
      'Limited Liability Company (LLC)',
      'Corporation',
      'Non Profit Organisation',
      'Other',
    ]);
    await user.keyboard('{Escape}');

    await user.type(nameInput(), 'Harbor Coffee');
    await chooseType(user, 'Corporation');
    expect(nextButton()).toBeDisabled();
    await user.click(agreement());
    expect(nextButton()).toBeEnabled();
  });

  it('checks the business name when it is left, with the shared messages', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/onboard/b/add');
    await screen.findByRole('heading', { name: 'Tell us about your business' });

    await user.click(nameInput());
    expect(screen.queryByText('Business name is required')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Business name is required')).toBeInTheDocument();
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true');

    await user.type(nameInput(), 'Harbor <Coffee>');
    await user.tab();
    expect(await screen.findByText('Invalid characters detected')).toBeInTheDocument();

    await user.clear(nameInput());
    await user.type(nameInput(), "Café Crème & Co. - O'Brien");
    await user.tab();
    await waitFor(() => expect(screen.queryByText('Invalid characters detected')).not.toBeInTheDocument());
  });

  it('explains which businesses cannot use Ferry', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/onboard/b/add');
    await user.click(await screen.findByRole('button', { name: "Which businesses can't use Ferry?" }));
    const dialog = await screen.findByRole('dialog', { name: "Businesses that can't use Ferry" });
    expect(within(dialog).getByText(/Gambling/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('creates the business with category NONE, stores it as active, rewrites the address and goes to link-bank', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/onboard/b/add');
    await screen.findByRole('heading', { name: 'Tell us about your business' });
    await fillValidForm(user);
    await user.click(nextButton());

    expect(
      await screen.findByRole('heading', { name: `Link bank at /onboard/b/${BUSINESS_ID}/link-bank` }),
    ).toBeInTheDocument();
    expect(api.bodiesOf('POST /business')).toEqual([
      { businessName: 'Harbor Coffee Roasters', businessType: 'LLC', category: 'NONE', country: 'US' },
    ]);
    expect(getStored('activeBusiness')).toEqual({ id: BUSINESS_ID, permissions: [] });
    // The start of onboarding was replaced by the details route: going back opens the saved business.
    await router.navigate(-1);
    expect(await screen.findByRole('heading', { name: 'Your business details' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(DETAILS);
    expect(nameInput()).toHaveValue('Harbor Coffee Roasters');
  });

  it("refreshes the cached list of the user's businesses, which the switcher shows", async () => {
    api.handlers['GET /business'] = ok([]);
    const user = userEvent.setup();
    const { queryClient } = renderRoutes(routes, '/onboard/b/add');
    // Loaded earlier by the switcher (on another page): no one watches it now.
    await queryClient.prefetchQuery(businessesQueryOptions());
    api.handlers['GET /business'] = ok([makeBusiness()]);
    await screen.findByRole('heading', { name: 'Tell us about your business' });
    await fillValidForm(user);
    await user.click(nextButton());
    await screen.findByRole('heading', { name: `Link bank at /onboard/b/${BUSINESS_ID}/link-bank` });
    expect(api.callsTo('GET /business')).toHaveLength(2);
    expect(queryClient.getQueryData(businessKeys.list())).toHaveLength(1);
  });

  it('goes to the completed step for a user outside the US', async () => {
    setUp('CA');
    const user = userEvent.setup();
    renderRoutes(routes, '/onboard/b/add');
    await screen.findByRole('heading', { name: 'Tell us about your business' });
    await fillValidForm(user);
    await user.click(nextButton());
    expect(
      await screen.findByRole('heading', { name: `Completed at /onboard/b/${BUSINESS_ID}/completed` }),
    ).toBeInTheDocument();
  });

  it('asks for the business country when the user has none, and moves on by the chosen one', async () => {
    setUp(null);
    const user = userEvent.setup();
    renderRoutes(routes, '/onboard/b/add');
    await screen.findByRole('heading', { name: 'Tell us about your business' });
    await fillValidForm(user);
    expect(countryInput()).toHaveValue('');
    expect(nextButton()).toBeDisabled();
    await chooseCountry(user, 'Canada');
    expect(nextButton()).toBeEnabled();
    await user.click(nextButton());
    // The server answered without a country: the one chosen here decides.
    expect(
      await screen.findByRole('heading', { name: `Completed at /onboard/b/${BUSINESS_ID}/completed` }),
    ).toBeInTheDocument();
    expect(api.bodiesOf('POST /business')).toEqual([
      { businessName: 'Harbor Coffee Roasters', businessType: 'LLC', category: 'NONE', country: 'CA' },
    ]);
  });

  it('offers the supported business countries (US and CA), the user’s own first, and creates a Canadian business', async () => {
    api.handlers['POST /business'] = (call) =>
      ok(
        { businessId: BUSINESS_ID, id: BUSINESS_ID, country: (call.body as { country?: string }).country },
        { status: 201 },
      );
    const user = userEvent.setup();
    renderRoutes(routes, '/onboard/b/add');
    await screen.findByRole('heading', { name: 'Tell us about your business' });
    expect(countryInput()).toHaveValue('United States');
    const options = await optionsOf(user, countryInput());
    expect(options.map((o) => o.textContent)).toEqual(['United States', 'Canada']);
    await user.keyboard('{Escape}');

    await fillValidForm(user);
    await chooseCountry(user, 'Canada');
    await user.click(nextButton());
    // The US user's Canadian business goes on to the completed step, by the created business's country.
    expect(
      await screen.findByRole('heading', { name: `Completed at /onboard/b/${BUSINESS_ID}/completed` }),
    ).toBeInTheDocument();
    expect(api.bodiesOf('POST /business')).toEqual([
      { businessName: 'Harbor Coffee Roasters', businessType: 'LLC', category: 'NONE', country: 'CA' },
    ]);
  });

  it('leaves the country empty for a user outside the supported countries', async () => {
    setUp('GB');
    renderRoutes(routes, '/onboard/b/add');
    await screen.findByRole('heading', { name: 'Tell us about your business' });
    expect(countryInput()).toHaveValue('');
  });

  it('does not move on when creating fails, without raising an alert', async () => {
    api.handlers['POST /business'] = fail(500, 'Something went wrong. Please try again later.');
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/onboard/b/add');
    await screen.findByRole('heading', { name: 'Tell us about your business' });
    await fillValidForm(user);
    await user.click(nextButton());
    expect(await screen.findByText(SAVE_FAILED_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboard/b/add');
    expect(getStored('activeBusiness')).toBeNull();
    expect(nextButton()).toBeEnabled();
  });

  it("shows the server's field message under its field", async () => {
    api.handlers['POST /business'] = fail(400, 'Validation failed', {
      errors: [{ field: 'businessName', message: 'Business name cannot exceed 100 characters.' }],
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/onboard/b/add');
    await screen.findByRole('heading', { name: 'Tell us about your business' });
    await fillValidForm(user);
    await user.click(nextButton());
    expect(await screen.findByText('Business name cannot exceed 100 characters.')).toBeInTheDocument();
    expect(screen.queryByText(SAVE_FAILED_TEXT)).not.toBeInTheDocument();
  });
});

describe('Business details step: an existing business (spec 000 §4)', () => {
  beforeEach(() => setUp('US'));

  it('pre-fills the form, ticks the agreement, updates a NOT_INITIATED business and moves on by the returned country', async () => {
    api.handlers[`PATCH /business/${BUSINESS_ID}`] = ok({ id: BUSINESS_ID, country: 'CA' });
    const user = userEvent.setup();
    renderRoutes(routes, DETAILS);
    expect(await screen.findByRole('heading', { name: 'Your business details' })).toBeInTheDocument();
    expect(nameInput()).toHaveValue('Harbor Coffee Roasters');
    expect(typeInput()).toHaveValue('Limited Liability Company (LLC)');
    expect(agreement()).toBeChecked();
    expect(nextButton()).toBeEnabled();
    // The country of an existing business is shown, not chosen.
    expect(screen.getByRole('textbox', { name: 'Country' })).toHaveValue('United States');
    expect(screen.getByRole('textbox', { name: 'Country' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('combobox', { name: /Country/ })).not.toBeInTheDocument();

    await user.clear(nameInput());
    await user.type(nameInput(), 'Harbor Coffee Co');
    await user.click(nextButton());

    expect(
      await screen.findByRole('heading', { name: `Completed at /onboard/b/${BUSINESS_ID}/completed` }),
    ).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH /business/${BUSINESS_ID}`)).toEqual([
      { businessName: 'Harbor Coffee Co', businessType: 'LLC', category: 'NONE' },
    ]);
    expect(api.callsTo('POST /business')).toHaveLength(0);
  });

  it('locks name and type once verification has started, and Next just moves on', async () => {
    api.handlers[`GET /business/${BUSINESS_ID}`] = ok(
      makeBusiness({ verificationStep: 'FORM_FILLER', country: 'US' }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, DETAILS);
    await screen.findByRole('heading', { name: 'Your business details' });
    expect(nameInput()).toBeDisabled();
    expect(typeInput()).toBeDisabled();
    expect(screen.getByText(/can no longer be changed/)).toBeInTheDocument();

    await user.click(nextButton());
    expect(
      await screen.findByRole('heading', { name: `Link bank at /onboard/b/${BUSINESS_ID}/link-bank` }),
    ).toBeInTheDocument();
    expect(api.callsTo(`PATCH /business/${BUSINESS_ID}`)).toHaveLength(0);
    expect(api.callsTo('POST /business')).toHaveLength(0);
  });

  it('shows the load error with its message', async () => {
    api.handlers[`GET /business/${BUSINESS_ID}`] = fail(404, 'Business not found');
    renderRoutes(routes, DETAILS);
    expect(await screen.findByText('Error loading data: Business not found')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Business Name/ })).not.toBeInTheDocument();
  });
});
