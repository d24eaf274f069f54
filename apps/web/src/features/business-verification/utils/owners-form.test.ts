import { VERIFICATION_MESSAGES } from '@ferry/domain';
import { describe, expect, it } from 'vitest';
import { makeControlPerson, makeOwner, makeOwnersView } from '../testing/verification';
import {
  emptyOwnerRow,
  listInvitees,
  type OwnersValues,
  toOwnersFormPath,
  toOwnersRequest,
  toOwnersValues,
  validateOwners,
} from './owners-form';

const values = (overrides: Partial<OwnersValues> = {}): OwnersValues => ({
  controlPerson: { isSelf: true, title: 'Founder', firstName: '', lastName: '', email: '' },
  self: { owns: true, ownershipPercent: 50 },
  owners: [
    {
      ...emptyOwnerRow(),
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@acme.test',
      ownershipPercent: 30,
    },
  ],
  ...overrides,
});

describe('owners form', () => {
  it('starts from the saved people: the user’s own stake apart, the others as rows', () => {
    const start = toOwnersValues(
      makeOwnersView({
        controlPerson: makeControlPerson(),
        owners: [
          makeOwner({ id: 'eeeeeeeeeeeeeeeeeeeeeeee', isSelf: true, ownershipPercent: 60 }),
          makeOwner(),
        ],
      }),
    );
    expect(start.controlPerson).toEqual({
      isSelf: true,
      title: 'Founder',
      firstName: '',
      lastName: '',
      email: '',
    });
    expect(start.self).toEqual({ owns: true, ownershipPercent: 60 });
    expect(start.owners).toHaveLength(1);
    expect(start.owners[0]).toMatchObject({
      personId: makeOwner().id,
      email: 'grace@acme.test',
      ownershipPercent: 40,
    });
    expect(toOwnersValues(makeOwnersView()).controlPerson.isSelf).toBe(true);
  });

  it('maps request paths to the form: the user’s stake is sent first', () => {
    const v = values();
    expect(toOwnersFormPath('owners.0.ownershipPercent', v)).toBe('self.ownershipPercent');
    expect(toOwnersFormPath('owners.1.email', v)).toBe('owners.0.email');
    expect(toOwnersFormPath('owners.0.email', { ...v, self: { owns: false, ownershipPercent: '' } })).toBe(
      'owners.0.email',
    );
    expect(toOwnersFormPath('owners', v)).toBe('owners');
    expect(toOwnersFormPath('controlPerson.title', v)).toBe('controlPerson.title');
  });

  it('validates with the shared schema', () => {
    expect(validateOwners(values())).toEqual({});
    expect(validateOwners(values({ self: { owns: true, ownershipPercent: 80 } }))).toEqual({
      owners: VERIFICATION_MESSAGES.ownershipTotal,
    });
    expect(validateOwners(values({ self: { owns: true, ownershipPercent: '' } }))).toEqual({
      'self.ownershipPercent': VERIFICATION_MESSAGES.ownershipRange,
    });
  });

  it('builds the request and the list of people to invite', () => {
    const other = values({
      controlPerson: {
        isSelf: false,
        title: 'CEO',
        firstName: 'Alan',
        lastName: 'Turing',
        email: 'Alan@acme.test ',
      },
    });
    expect(toOwnersRequest(other, true)).toEqual({
      controlPerson: {
        isSelf: false,
        title: 'CEO',
        firstName: 'Alan',
        lastName: 'Turing',
        email: 'Alan@acme.test',
      },
      owners: [
        { isSelf: true, ownershipPercent: 50 },
        {
          isSelf: false,
          firstName: 'Grace',
          lastName: 'Hopper',
          email: 'grace@acme.test',
          ownershipPercent: 30,
        },
      ],
      submit: true,
    });
    expect(listInvitees(other)).toEqual(['alan@acme.test', 'grace@acme.test']);
  });
});
