import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import { Component as ProcessBankStart } from './process-bank-start';

const BUSINESS_ID = '0123456789abcdef01234567';
const ACCOUNT_ID = 'bbbbbbbbbbbbbbbbbbbbbbb2';

const routes: RouteObject[] = [
  { path: '/process/bank/start', element: <ProcessBankStart /> },
  { path: '/signin', element: <Where name="Sign in" /> },
  { path: '/invalid-link', element: <Where name="Invalid link" /> },
  { path: '/b/:businessId/settings/bank-account', element: <Where name="Bank list" /> },
];

const start = (action: string) =>
  `/process/bank/start?businessId=${BUSINESS_ID}&accountId=${ACCOUNT_ID}&action=${action}`;

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  const profile = makeUserProfile();
  api = mockApi({
    'GET /user': ok(profile),
    [`GET /business/${BUSINESS_ID}`]: ok({
      id: BUSINESS_ID,
      businessName: 'Harbor Coffee Roasters',
      verificationStep: 'NOT_INITIATED',
      permissions: ['SETTINGS_FULL_ACCESS.manage'],
    }),
  });
});

describe('/process/bank/start (the bank emails’ links)', () => {
  it('signs in first and comes back to the same link', async () => {
    renderRoutes(routes, start('verify'));
    expect(
      await screen.findByRole('heading', {
        name: `Sign in at /signin?redirectUrl=${encodeURIComponent(start('verify'))}`,
      }),
    ).toBeInTheDocument();
  });

  it('opens Enter Deposited Amounts on the bank list for action=verify', async () => {
    signInAs(makeUserProfile());
    renderRoutes(routes, start('verify'));
    expect(
      await screen.findByRole('heading', {
        name: `Bank list at /b/${BUSINESS_ID}/settings/bank-account?verify=${ACCOUNT_ID}`,
      }),
    ).toBeInTheDocument();
  });

  it('starts the reconnect on the bank list for action=reconnect', async () => {
    signInAs(makeUserProfile());
    renderRoutes(routes, start('reconnect'));
    expect(
      await screen.findByRole('heading', {
        name: `Bank list at /b/${BUSINESS_ID}/settings/bank-account?reconnect=${ACCOUNT_ID}`,
      }),
    ).toBeInTheDocument();
  });

  it('goes to /invalid-link for an unknown action or a business the user cannot open', async () => {
    signInAs(makeUserProfile());
    const { unmount } = renderRoutes(routes, start('delete'));
    expect(await screen.findByRole('heading', { name: 'Invalid link at /invalid-link' })).toBeInTheDocument();
    unmount();
    api.handlers[`GET /business/${BUSINESS_ID}`] = fail(404, 'Business not found');
    renderRoutes(routes, start('verify'));
    expect(await screen.findByRole('heading', { name: 'Invalid link at /invalid-link' })).toBeInTheDocument();
  });
});
