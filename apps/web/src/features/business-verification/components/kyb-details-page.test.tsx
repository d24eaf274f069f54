import { MESSAGES } from '@ferry/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getStored } from '@/lib/storage';
import { fail, ok } from '@/testing/mock-api';
import { findStepHeading, renderKyb, setUpKyb, stepButton } from '../testing/render-kyb';
import {
  BUSINESS_ID,
  FORM_PATH,
  INIT_PATH,
  KYB_PAGE,
  makeControlPerson,
  makeFormView,
  makeOwner,
  makeOwnersView,
  OWNERS_PATH,
  SAVED_FORM,
} from '../testing/verification';
import { browserLocation } from '../utils/browser-location';
import { READ_ONLY_NOTICE } from './kyb-details-page';

const HOSTED_URL = '/sandbox/identity/inq_1?session-token=tok&redirect-uri=%2Fverify%2Fidentity';
const VERIFIED_IDENTITY = { verificationStep: 'COMPLETED', status: 'VERIFIED' };

afterEach(() => vi.restoreAllMocks());

describe('Verify your business: the identity step', () => {
  it('opens on the identity while it is not verified; Verify your identity starts the hosted check', async () => {
    const api = setUpKyb();
    api.handlers[`POST ${INIT_PATH}`] = ok({
      inquiryId: 'inq_1',
      sessionToken: 'tok',
      hostedUrl: HOSTED_URL,
    });
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const user = userEvent.setup();
    renderKyb(`${KYB_PAGE}?returnUrl=auto-pay`);

    expect(screen.getByLabelText('Loading the business verification')).toBeInTheDocument();
    expect(await findStepHeading('Your identity')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Verify your business' })).toBeInTheDocument();
    expect(stepButton('Your identity')).toHaveAttribute('aria-current', 'step');
    expect(stepButton('Your identity')).toHaveTextContent('To do');
    // The result opens only once submitted.
    expect(stepButton('Review')).toBeDisabled();
    expect(screen.getByText("You haven't verified your identity yet.")).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verify your identity' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(HOSTED_URL));
    expect(api.callsTo(`POST ${INIT_PATH}`)).toHaveLength(1);
    // The identity page comes back here (with the return target) once the check is over.
    expect(getStored('verificationReturnUrl')).toBe(`${KYB_PAGE}?returnUrl=auto-pay`);
  });

  it("shows the server's message, else 'Failed to start verification', and stays", async () => {
    const api = setUpKyb();
    api.handlers[`POST ${INIT_PATH}`] = fail(409, 'Verification is already in review.');
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const user = userEvent.setup();
    renderKyb();
    await user.click(await screen.findByRole('button', { name: 'Verify your identity' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Verification is already in review.');

    api.handlers[`POST ${INIT_PATH}`] = { status: 500, body: { statusCode: 500 } };
    await user.click(screen.getByRole('button', { name: 'Verify your identity' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.verificationStartFailed),
    );
    expect(assign).not.toHaveBeenCalled();
    expect(getStored('verificationReturnUrl')).toBeNull();
  });

  it("says 'Failed to initialize verification process' when leaving for the hosted page throws", async () => {
    const api = setUpKyb();
    api.handlers[`POST ${INIT_PATH}`] = ok({
      inquiryId: 'inq_1',
      sessionToken: 'tok',
      hostedUrl: HOSTED_URL,
    });
    vi.spyOn(browserLocation, 'assign').mockImplementation(() => {
      throw new Error('blocked');
    });
    const user = userEvent.setup();
    renderKyb();
    await user.click(await screen.findByRole('button', { name: 'Verify your identity' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.verificationInitFailed);
  });

  it('lets the user go on to the business details before verifying', async () => {
    setUpKyb();
    const user = userEvent.setup();
    renderKyb();
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }));
    expect(await findStepHeading('Business details')).toHaveFocus();
    expect(stepButton('Business details')).toHaveAttribute('aria-current', 'step');
  });
});

describe('Verify your business: where the page opens', () => {
  it('on the business details once the identity is verified', async () => {
    setUpKyb(makeFormView({ identity: VERIFIED_IDENTITY, verificationStep: 'BUSINESS_DETAILS' }));
    renderKyb();
    expect(await findStepHeading('Business details')).toBeInTheDocument();
    expect(stepButton('Your identity')).toHaveTextContent('Verified');
    // Pre-filled with the business name and country.
    expect(screen.getByRole('textbox', { name: /Legal business name/ })).toHaveValue(
      'Harbor Coffee Roasters',
    );
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveValue('United States');
  });

  it('on the owners once the business details are saved', async () => {
    setUpKyb(
      makeFormView({ identity: VERIFIED_IDENTITY, verificationStep: 'FORM_FILLER', form: SAVED_FORM }),
    );
    renderKyb();
    expect(await findStepHeading('Owners')).toBeInTheDocument();
    expect(stepButton('Business details')).toHaveTextContent('Saved');
    expect(screen.getByRole('radio', { name: 'I am the control person' })).toBeChecked();
  });

  it('shows the error of a failed load with a retry', async () => {
    const api = setUpKyb();
    api.handlers[`GET ${OWNERS_PATH}`] = fail(500, 'Database unavailable');
    renderKyb();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading data: Database unavailable');
    api.handlers[`GET ${OWNERS_PATH}`] = ok(makeOwnersView());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findStepHeading('Your identity')).toBeInTheDocument();
  });
});

describe('Verify your business: the result', () => {
  const submittedForm = makeFormView({
    identity: VERIFIED_IDENTITY,
    verificationStep: 'OWNERS',
    status: 'SUBMITTED',
    onboardingState: 'REVIEW_PENDING',
    form: SAVED_FORM,
    canEdit: false,
  });
  const submittedOwners = makeOwnersView({
    verificationStep: 'OWNERS',
    status: 'SUBMITTED',
    submittedAt: '2026-03-02T10:00:00.000Z',
    canEdit: false,
    controlPerson: makeControlPerson(),
    owners: [makeOwner()],
  });

  it('is in review with who still has to verify, and turns verified by itself', async () => {
    const api = setUpKyb(submittedForm, submittedOwners);
    renderKyb(`${KYB_PAGE}?returnUrl=auto-pay`);
    expect(await findStepHeading('In review')).toBeInTheDocument();
    const waiting = screen.getByRole('list', { name: 'Still to verify' });
    expect(within(waiting).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(waiting).getByText('Invited')).toBeInTheDocument();
    // The control person (the user) is verified already: not listed.
    expect(within(waiting).queryByText(/Ada Lovelace/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/process/auto-pay/business-mapping-check',
    );

    const reads = api.callsTo(`GET ${FORM_PATH}`).length;
    await waitFor(() => expect(api.callsTo(`GET ${FORM_PATH}`).length).toBeGreaterThan(reads));
    api.handlers[`GET ${FORM_PATH}`] = ok({
      ...submittedForm,
      status: 'FULL_VERIFIED',
      onboardingState: 'EARN_REWARDS',
    });
    api.handlers[`GET ${OWNERS_PATH}`] = ok({
      ...submittedOwners,
      status: 'FULL_VERIFIED',
      owners: [makeOwner({ identityStatus: 'VERIFIED' })],
    });
    expect(await findStepHeading('Your business is verified')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/home`,
    );
    expect(stepButton('Review')).toHaveTextContent('Verified');

    // Verified: no more reading.
    const settled = api.callsTo(`GET ${FORM_PATH}`).length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(api.callsTo(`GET ${FORM_PATH}`).length).toBe(settled);

    await userEvent.setup().click(screen.getByRole('link', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { name: 'Auto-pay at /process/auto-pay/business-mapping-check' }),
    ).toBeInTheDocument();
  });

  it('shows what was submitted, read-only, from the step list', async () => {
    setUpKyb(submittedForm, submittedOwners);
    const user = userEvent.setup();
    renderKyb();
    await findStepHeading('In review');
    expect(screen.queryByRole('link', { name: 'Continue' })).not.toBeInTheDocument();
    await user.click(stepButton('Business details'));
    expect(await findStepHeading('Business details')).toBeInTheDocument();
    expect(screen.getByText('Harbor Coffee Roasters LLC')).toBeInTheDocument();
    expect(screen.getByText('12 Pier Road, Seattle, WA 98101, United States')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(stepButton('Owners'));
    const people = await screen.findByRole('list', { name: 'People listed' });
    expect(within(people).getByText('Ada Lovelace (you)')).toBeInTheDocument();
    expect(within(people).getByText(/Control person · Founder/)).toBeInTheDocument();
    expect(within(people).getByText(/Owner · 40%/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit for verification' })).not.toBeInTheDocument();
  });

  it('explains a rejection and lets the business fix its details', async () => {
    const rejected = {
      ...submittedForm,
      status: 'REJECTED',
      onboardingState: 'ACTION_REQUIRED',
      canEdit: true,
    };
    setUpKyb(
      rejected,
      makeOwnersView({
        ...submittedOwners,
        status: 'REJECTED',
        canEdit: true,
        owners: [makeOwner({ identityStatus: 'DECLINED' })],
      }),
    );
    const user = userEvent.setup();
    renderKyb();
    expect(await findStepHeading("We couldn't verify your business")).toBeInTheDocument();
    expect(
      screen.getByText('Grace Hopper could not be verified: check their name and email.'),
    ).toBeInTheDocument();
    expect(stepButton('Review')).toHaveTextContent('Action required');
    await user.click(screen.getByRole('button', { name: 'Edit business details' }));
    expect(await findStepHeading('Business details')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Tax ID/ })).toHaveValue('12-3456789');
  });
});

describe('Verify your business: members who may not edit', () => {
  it('shows the saved values without inputs', async () => {
    setUpKyb(
      makeFormView({
        verificationStep: 'FORM_FILLER',
        form: { ...SAVED_FORM, taxId: '**-***6789' },
        canEdit: false,
      }),
      makeOwnersView({
        canEdit: false,
        controlPerson: makeControlPerson({ isSelf: false, identityStatus: 'INVITED' }),
      }),
    );
    const user = userEvent.setup();
    renderKyb();
    await findStepHeading('Your identity');
    expect(screen.getByText(READ_ONLY_NOTICE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify your identity' })).not.toBeInTheDocument();

    await user.click(stepButton('Business details'));
    await findStepHeading('Business details');
    expect(screen.getByText('**-***6789')).toBeInTheDocument();
    expect(screen.getByText('5-15')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save & continue' })).not.toBeInTheDocument();

    await user.click(stepButton('Owners'));
    await findStepHeading('Owners');
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Resend invite/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});
