import { ADDRESS_MESSAGES, TAX_ID_MESSAGES, VERIFICATION_MESSAGES } from '@ferry/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { businessKeys } from '@/lib/businesses';
import { fail, ok } from '@/testing/mock-api';
import {
  choose,
  FORM_TEST_TIMEOUT,
  fill,
  findStepHeading,
  renderKyb,
  setUpKyb,
  stepButton,
  textbox,
  type User,
} from '../testing/render-kyb';
import { FORM_PATH, makeFormView, SAVED_FORM } from '../testing/verification';

const VERIFIED_IDENTITY = { verificationStep: 'COMPLETED', status: 'VERIFIED' };

const openDetails = async (form = makeFormView({ identity: VERIFIED_IDENTITY })) => {
  const api = setUpKyb(form);
  const user = userEvent.setup();
  const rendered = renderKyb();
  await findStepHeading('Business details');
  return { api, user, ...rendered };
};

const save = (user: User) => user.click(screen.getByRole('button', { name: 'Save & continue' }));
const combobox = (name: RegExp) => screen.getByRole('combobox', { name });

const fillUsForm = async (user: User) => {
  await fill(user, textbox(/Tax ID/), '123456789');
  await fill(user, textbox(/Website/), 'harborcoffee.com');
  await choose(user, combobox(/Number of employees/), '5-15');
  await fill(user, textbox(/Address Line 1/), '12 Pier Road');
  await fill(user, textbox(/City/), 'Seattle');
  await choose(user, combobox(/^State/), 'Washington');
  await fill(user, textbox(/Zip Code/), '98101');
};

describe('Verify your business: the business details form', { timeout: FORM_TEST_TIMEOUT }, () => {
  it('formats the tax id as it is typed: at most 9 digits, a dash after the first 2', async () => {
    const { user } = await openDetails();
    await user.type(textbox(/Tax ID/), '12a3456789012');
    expect(textbox(/Tax ID/)).toHaveValue('12-3456789');
    await user.clear(textbox(/Tax ID/));
    await user.type(textbox(/Tax ID/), '1234');
    expect(textbox(/Tax ID/)).toHaveValue('12-34');
    await user.tab();
    expect(await screen.findByText(TAX_ID_MESSAGES.invalid)).toBeInTheDocument();
  });

  it('checks every field with the shared messages and sends nothing', async () => {
    const { api, user } = await openDetails();
    await user.clear(textbox(/Legal business name/));
    await save(user);
    expect(await screen.findByText('Business name is required')).toBeInTheDocument();
    expect(screen.getByText(TAX_ID_MESSAGES.required)).toBeInTheDocument();
    expect(screen.getByText(VERIFICATION_MESSAGES.employeeCountRequired)).toBeInTheDocument();
    expect(screen.getByText(ADDRESS_MESSAGES.line1Required)).toBeInTheDocument();
    expect(screen.getByText(ADDRESS_MESSAGES.cityRequired)).toBeInTheDocument();
    expect(screen.getByText(ADDRESS_MESSAGES.stateRequired)).toBeInTheDocument();
    expect(screen.getByText(ADDRESS_MESSAGES.zipRequired)).toBeInTheDocument();
    expect(textbox(/Tax ID/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(`PATCH ${FORM_PATH}`)).toHaveLength(0);

    await fill(user, textbox(/City/), 'A city name that is far too long for the address rules');
    await user.tab();
    expect(await screen.findByText(ADDRESS_MESSAGES.cityTooLong)).toBeInTheDocument();
  });

  it('chooses a US state from the list, and asks for a 2-character state code elsewhere', async () => {
    const { user } = await openDetails();
    // US: the states as a searchable list.
    await choose(user, combobox(/^State/), 'Washington');
    expect(combobox(/^State/)).toHaveValue('Washington');

    await choose(user, combobox(/Country/), 'Canada');
    // The state starts again as a 2-character code.
    const state = textbox(/^State/);
    expect(state).toHaveValue('');
    expect(state).toHaveAttribute('placeholder', 'State Code (2 characters)');
    await user.type(state, 'o');
    expect(state).toHaveValue('O');
    await user.tab();
    expect(await screen.findByText(ADDRESS_MESSAGES.stateCode)).toBeInTheDocument();
    await user.type(state, 'n');
    expect(state).toHaveValue('ON');
    await user.tab();
    await waitFor(() => expect(screen.queryByText(ADDRESS_MESSAGES.stateCode)).not.toBeInTheDocument());
    await user.type(state, 'x');
    expect(state).toHaveValue('ON');
  });

  it('saves with PATCH, refreshes the businesses and goes on to the owners', async () => {
    const { api, user, queryClient } = await openDetails();
    api.handlers[`PATCH ${FORM_PATH}`] = (call) =>
      ok(
        makeFormView({
          identity: VERIFIED_IDENTITY,
          verificationStep: 'FORM_FILLER',
          form: { ...(call.body as typeof SAVED_FORM), taxId: '12-3456789' },
        }),
      );
    queryClient.setQueryData(businessKeys.list(), []);
    await fillUsForm(user);
    await save(user);

    expect(await findStepHeading('Owners')).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH ${FORM_PATH}`)).toEqual([
      {
        legalBusinessName: 'Harbor Coffee Roasters',
        taxId: '123456789',
        website: 'harborcoffee.com',
        employeeCount: 'FIVE_TO_FIFTEEN',
        address: {
          addressLine1: '12 Pier Road',
          addressLine2: '',
          city: 'Seattle',
          state: 'WA',
          zipCode: '98101',
          country: 'US',
        },
      },
    ]);
    expect(await screen.findByText('Your business details were saved.')).toBeInTheDocument();
    expect(queryClient.getQueryState(businessKeys.list())?.isInvalidated).toBe(true);
  });

  it("shows the server's field errors under their fields, and other failures above the buttons", async () => {
    const { api, user } = await openDetails();
    api.handlers[`PATCH ${FORM_PATH}`] = fail(400, 'Validation failed', {
      errorCode: 'VALIDATION_ERROR',
      errors: [{ field: 'address.state', message: 'Please select a valid state.' }],
    });
    await fillUsForm(user);
    await save(user);
    expect(await screen.findByText('Please select a valid state.')).toBeInTheDocument();
    expect(combobox(/^State/)).toHaveAttribute('aria-invalid', 'true');

    api.handlers[`PATCH ${FORM_PATH}`] = fail(409, 'The verification was already submitted.');
    await save(user);
    const failure = await screen.findByText('The verification was already submitted.');
    expect(failure.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Business details' })).toBeInTheDocument();
  });

  it('starts from what was saved', async () => {
    setUpKyb(
      makeFormView({ identity: VERIFIED_IDENTITY, form: SAVED_FORM, verificationStep: 'FORM_FILLER' }),
    );
    const user = userEvent.setup();
    renderKyb();
    await findStepHeading('Owners');
    await user.click(stepButton('Business details'));
    await findStepHeading('Business details');
    expect(textbox(/Legal business name/)).toHaveValue('Harbor Coffee Roasters LLC');
    expect(textbox(/Tax ID/)).toHaveValue('12-3456789');
    expect(combobox(/Number of employees/)).toHaveValue('5-15');
    expect(combobox(/^State/)).toHaveValue('Washington');
  });
});
