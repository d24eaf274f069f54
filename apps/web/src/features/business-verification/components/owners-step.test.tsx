import { VERIFICATION_MESSAGES } from '@ferry/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '@/testing/mock-api';
import type { BeneficialView } from '../api/get-beneficial-owners';
import {
  FORM_TEST_TIMEOUT,
  fill,
  findStepHeading,
  renderKyb,
  setUpKyb,
  textbox,
  type User,
} from '../testing/render-kyb';
import {
  BUSINESS_ID,
  FORM_PATH,
  makeControlPerson,
  makeFormView,
  makeOwner,
  makeOwnersView,
  OWNERS_PATH,
  SAVED_FORM,
} from '../testing/verification';
import { INVITE_RESENT_MESSAGE } from './person-status';

const SAVED_DETAILS = makeFormView({
  identity: { verificationStep: 'COMPLETED', status: 'VERIFIED' },
  verificationStep: 'FORM_FILLER',
  form: SAVED_FORM,
});

const openOwners = async (owners: BeneficialView = makeOwnersView()) => {
  const api = setUpKyb(SAVED_DETAILS, owners);
  const user = userEvent.setup();
  renderKyb();
  await findStepHeading('Owners');
  return { api, user };
};

const button = (name: string | RegExp) => screen.getByRole('button', { name });

/** Adds an owner row and fills it. */
const addOwner = async (
  user: User,
  row: number,
  values: { first: string; last: string; email: string; percent: string },
) => {
  await user.click(button('Add owner'));
  const owner = `Owner ${row}`;
  await fill(user, textbox(`${owner}: First name`), values.first);
  await fill(user, textbox(`${owner}: Last name`), values.last);
  await fill(user, textbox(`${owner}: Email`), values.email);
  await fill(user, textbox(`${owner}: Ownership %`), values.percent);
};

const GRACE = { first: 'Grace', last: 'Hopper', email: 'grace@acme.test', percent: '40' };

describe('Verify your business: the owners', { timeout: FORM_TEST_TIMEOUT }, () => {
  it('checks the control person and the owners with the shared messages and sends nothing', async () => {
    const { api, user } = await openOwners();
    await user.click(screen.getByRole('checkbox', { name: 'I own 25% or more' }));
    await fill(user, textbox('Your ownership %'), '20');
    await addOwner(user, 1, { ...GRACE, percent: '90' });
    await addOwner(user, 2, { first: 'Alan', last: 'Turing', email: 'GRACE@acme.test', percent: '30' });
    await user.click(button('Save'));

    expect(await screen.findByText('Job title is required.')).toBeInTheDocument();
    expect(textbox('Your ownership %')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(VERIFICATION_MESSAGES.ownershipRange)).toBeInTheDocument();
    expect(screen.getByText(VERIFICATION_MESSAGES.duplicateOwnerEmail)).toBeInTheDocument();
    expect(textbox('Owner 2: Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(VERIFICATION_MESSAGES.ownershipTotal);
    expect(api.callsTo(`PATCH ${OWNERS_PATH}`)).toHaveLength(0);
  });

  it('lists at most 4 owners, the user included', async () => {
    const { api, user } = await openOwners();
    for (const [index, name] of ['Grace', 'Alan', 'Katherine', 'Dorothy'].entries()) {
      await addOwner(user, index + 1, {
        first: name,
        last: 'Smith',
        email: `${name}@acme.test`,
        percent: '25',
      });
    }
    expect(button('Add owner')).toBeDisabled();
    expect(screen.getByText(VERIFICATION_MESSAGES.ownersMax)).toBeInTheDocument();
    // The user ticks their own stake on top: five owners.
    await fill(user, textbox('Control person: Job title'), 'Founder');
    await user.click(screen.getByRole('checkbox', { name: 'I own 25% or more' }));
    await fill(user, textbox('Your ownership %'), '25');
    await user.click(button('Save'));
    expect(await screen.findByRole('alert')).toHaveTextContent(VERIFICATION_MESSAGES.ownersMax);
    expect(api.callsTo(`PATCH ${OWNERS_PATH}`)).toHaveLength(0);

    await user.click(button('Remove owner 4'));
    expect(screen.queryByRole('group', { name: 'Owner 4' })).not.toBeInTheDocument();
    expect(button('Add owner')).toBeDisabled();
    await user.click(button('Remove owner 3'));
    expect(button('Add owner')).toBeEnabled();
  });

  it('saves with PATCH (no submit) and shows each saved person’s status', async () => {
    const { api, user } = await openOwners();
    api.handlers[`PATCH ${OWNERS_PATH}`] = ok(
      makeOwnersView({
        verificationStep: 'FORM_FILLER',
        controlPerson: makeControlPerson(),
        owners: [
          makeOwner({
            id: 'eeeeeeeeeeeeeeeeeeeeeeee',
            isSelf: true,
            firstName: 'Ada',
            lastName: 'Lovelace',
            email: 'ada@acme.test',
            identityStatus: 'VERIFIED',
            invitationSentAt: null,
            ownershipPercent: 60,
          }),
          makeOwner({ identityStatus: 'INVITED', invitationSentAt: null }),
        ],
      }),
    );
    await fill(user, textbox('Control person: Job title'), 'Founder');
    await user.click(screen.getByRole('checkbox', { name: 'I own 25% or more' }));
    await fill(user, textbox('Your ownership %'), '60');
    await addOwner(user, 1, GRACE);
    await user.click(button('Save'));

    expect(await screen.findByText('The owners were saved.')).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH ${OWNERS_PATH}`)).toEqual([
      {
        controlPerson: { isSelf: true, title: 'Founder' },
        owners: [
          { isSelf: true, ownershipPercent: 60 },
          {
            isSelf: false,
            firstName: 'Grace',
            lastName: 'Hopper',
            email: 'grace@acme.test',
            ownershipPercent: 40,
          },
        ],
        submit: false,
      },
    ]);
    const grace = screen.getByRole('group', { name: 'Owner 1' });
    expect(within(grace).getByText('Invited')).toBeInTheDocument();
    // Not emailed yet (that happens on submit): nothing to send again.
    expect(within(grace).queryByRole('button', { name: /Resend invite/ })).not.toBeInTheDocument();
  });

  it('asks for the other control person’s name, email and title', async () => {
    const { user } = await openOwners();
    await user.click(screen.getByRole('radio', { name: 'Someone else is the control person' }));
    await user.click(button('Save'));
    expect(await screen.findByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByText('Last name is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Job title is required.')).toBeInTheDocument();
  });

  it('submits with submit:true after confirming who will be emailed, then shows the review', async () => {
    const saved = makeOwnersView({
      verificationStep: 'FORM_FILLER',
      controlPerson: makeControlPerson(),
      owners: [makeOwner({ invitationSentAt: null })],
    });
    const { api, user } = await openOwners(saved);
    api.handlers[`PATCH ${OWNERS_PATH}`] = () => {
      api.handlers[`GET ${FORM_PATH}`] = ok({
        ...SAVED_DETAILS,
        status: 'SUBMITTED',
        verificationStep: 'OWNERS',
        canEdit: false,
      });
      return ok({
        ...saved,
        status: 'SUBMITTED',
        verificationStep: 'OWNERS',
        canEdit: false,
        owners: [makeOwner()],
      });
    };
    expect(textbox('Control person: Job title')).toHaveValue('Founder');
    expect(textbox('Owner 1: Email')).toHaveValue('grace@acme.test');

    await user.click(button('Submit for verification'));
    const dialog = await screen.findByRole('dialog', { name: 'Submit for verification?' });
    expect(within(dialog).getByText('grace@acme.test')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and submit' }));

    expect(await findStepHeading('In review')).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH ${OWNERS_PATH}`)).toEqual([
      {
        controlPerson: { isSelf: true, title: 'Founder' },
        owners: [
          {
            isSelf: false,
            firstName: 'Grace',
            lastName: 'Hopper',
            email: 'grace@acme.test',
            ownershipPercent: 40,
          },
        ],
        submit: true,
      },
    ]);
    expect(
      within(screen.getByRole('list', { name: 'Still to verify' })).getByText('Grace Hopper'),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal and stays", async () => {
    const { api, user } = await openOwners(
      makeOwnersView({ controlPerson: makeControlPerson(), owners: [] }),
    );
    api.handlers[`PATCH ${OWNERS_PATH}`] = fail(409, 'Please verify your identity first.');
    await user.click(button('Submit for verification'));
    const dialog = await screen.findByRole('dialog', { name: 'Submit for verification?' });
    expect(within(dialog).getByText(/send your business details/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and submit' }));
    expect(await screen.findByText('Please verify your identity first.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 2, name: 'Owners' })).toBeInTheDocument();
  });

  it('sends invitations again to the control person and to an owner', async () => {
    const control = makeControlPerson({
      id: 'ffffffffffffffffffffffff',
      isSelf: false,
      firstName: 'Katherine',
      lastName: 'Johnson',
      email: 'katherine@acme.test',
      identityStatus: 'INVITED',
      invitationSentAt: '2026-03-02T10:00:00.000Z',
      title: 'Chief Executive Officer',
    });
    const { api, user } = await openOwners(
      makeOwnersView({ controlPerson: control, owners: [makeOwner()], status: 'REJECTED' }),
    );
    const controlResend = `/business/${BUSINESS_ID}/user/control-person/${control.id}/resend-invite`;
    const ownerResend = `/business/${BUSINESS_ID}/beneficial/resend-invite`;
    api.handlers[`POST ${controlResend}`] = ok({
      personId: control.id,
      invitationSentAt: '2026-03-03T10:00:00.000Z',
    });
    api.handlers[`POST ${ownerResend}`] = ok({
      personId: makeOwner().id,
      invitationSentAt: '2026-03-03T10:00:00.000Z',
    });

    await user.click(button('Resend invite to Katherine Johnson'));
    expect(await screen.findByText(INVITE_RESENT_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(`POST ${controlResend}`)).toHaveLength(1);

    await user.click(button('Resend invite to Grace Hopper'));
    await waitFor(() => expect(api.bodiesOf(`POST ${ownerResend}`)).toEqual([{ personId: makeOwner().id }]));
    expect(await screen.findAllByText(INVITE_RESENT_MESSAGE)).toHaveLength(2);
  });
});
