import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_AREAS } from '@/config/areas';
import type { Business } from '@/lib/businesses';
import { getSetupSteps, isNewBusiness } from './setup-steps';

const ID = '0123456789abcdef01234567';

const makeBusiness = (overrides: Partial<Business> = {}): Business => ({
  id: ID,
  businessName: 'Harbor Coffee',
  businessType: 'LLC',
  verificationStep: 'NOT_INITIATED',
  status: null,
  permissions: [],
  ...overrides,
});

const verifyStep = (business: Business) => getSetupSteps(business)[0];

describe('getSetupSteps', () => {
  afterEach(() => {
    LIVE_AREAS.integrations = true;
  });

  it('leaves out connecting accounting while the integrations area is not live', () => {
    LIVE_AREAS.integrations = false;
    const steps = getSetupSteps(makeBusiness());
    expect(steps.map((s) => s.key)).toEqual(['verify-business', 'link-bank', 'add-contact']);
    expect(steps.flatMap((s) => s.links.map((l) => l.href))).not.toContain(`/b/${ID}/settings/integration`);
  });

  it('lists the four steps with real links once integrations are live', () => {
    LIVE_AREAS.integrations = true;
    const steps = getSetupSteps(makeBusiness());
    expect(steps.map((s) => s.key)).toEqual([
      'verify-business',
      'link-bank',
      'connect-accounting',
      'add-contact',
    ]);
    expect(steps.flatMap((s) => s.links.map((l) => l.href))).toEqual([
      `/b/${ID}/kyb/details`,
      `/b/${ID}/settings/bank-account`,
      `/b/${ID}/settings/integration`,
      `/b/${ID}/vendors/add`,
      `/b/${ID}/customers/add`,
    ]);
    expect(steps.every((s) => s.state === 'to-do')).toBe(true);
  });

  it.each([
    [{ verificationStep: 'NOT_INITIATED', status: null }, 'to-do', 'Not started'],
    [{ verificationStep: 'FORM_FILLER', status: null }, 'in-progress', 'In progress'],
    [{ verificationStep: 'OWNERS', status: 'SUBMITTED' }, 'in-progress', 'In review'],
    [{ verificationStep: 'OWNERS', status: 'REJECTED' }, 'action-required', 'Action required'],
    [{ verificationStep: 'OWNERS', status: 'FULL_VERIFIED' }, 'done', 'Verified'],
  ] as const)('verification %o → %s', (overrides, state, label) => {
    expect(verifyStep(makeBusiness(overrides))).toMatchObject({ state, stateLabel: label });
  });

  it('marks accounting connected from the business’s businessConnections', () => {
    const connected = makeBusiness({
      businessConnections: [{ integrationType: 'ACCOUNTING', status: 'CONNECTED' }],
    });
    const expired = makeBusiness({
      businessConnections: [{ integrationType: 'ACCOUNTING', status: 'EXPIRED' }],
    });
    const stateOf = (business: Business) =>
      getSetupSteps(business).find((s) => s.key === 'connect-accounting');
    expect(stateOf(connected)).toMatchObject({ state: 'done', stateLabel: 'Connected' });
    expect(stateOf(expired)).toMatchObject({ state: 'to-do' });
  });

  it('marks the other steps done from what their areas report', () => {
    LIVE_AREAS.integrations = false;
    const steps = getSetupSteps(makeBusiness(), {
      hasBankAccount: true,
      hasAccountingConnection: false,
      hasContacts: true,
    });
    expect(steps.map((s) => s.state)).toEqual(['to-do', 'done', 'done']);
  });

  it('treats a business as new until it is fully verified', () => {
    expect(isNewBusiness(makeBusiness({ status: 'SUBMITTED' }))).toBe(true);
    expect(isNewBusiness(makeBusiness({ status: 'FULL_VERIFIED' }))).toBe(false);
  });
});
