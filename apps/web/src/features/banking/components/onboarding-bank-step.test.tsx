import { BANK_ACCOUNT_STATUS_MESSAGES } from '@ferry/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import { BANK_LIST_API, BUSINESS_ID, CHART_ACCOUNTS, CHART_API, makeManualBank } from '../testing/banking';
import { OnboardingBankStep } from './onboarding-bank-step';

const routes: RouteObject[] = [
  { path: '/onboard/b/:businessId/link-bank', element: <OnboardingBankStep businessId={BUSINESS_ID} /> },
  { path: '/onboard/b/:businessId/add', element: <Where name="Accounting" /> },
];
const PAGE = `/onboard/b/${BUSINESS_ID}/link-bank`;

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  signInAs(makeUserProfile());
  api = mockApi({ [`GET ${BANK_LIST_API}`]: ok([]), [`GET ${CHART_API}`]: ok(CHART_ACCOUNTS) });
});

describe('Onboarding link-bank step (spec 000 §2, 002 §2)', () => {
  it("offers the chooser and 'Skip for now' to the accounting step before any bank is added", async () => {
    const user = userEvent.setup();
    renderRoutes(routes, PAGE);
    expect(
      await screen.findByRole('heading', {
        name: 'Add and verify a bank account for sending and receiving.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/you authorize Ferry and its payment partners/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'Skip for now' }));
    expect(
      await screen.findByRole('heading', { name: `Accounting at /onboard/b/${BUSINESS_ID}/add` }),
    ).toBeInTheDocument();
  });

  it('lists the banks added with their status and continues to the accounting step', async () => {
    api.handlers[`GET ${BANK_LIST_API}`] = ok([makeManualBank()]);
    renderRoutes(routes, PAGE);
    const list = await screen.findByRole('list', { name: 'Your bank accounts' });
    expect(within(list).getByText('Harbor Credit Union •••• 6789')).toBeInTheDocument();
    expect(within(list).getByText(BANK_ACCOUNT_STATUS_MESSAGES.pending)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      `/onboard/b/${BUSINESS_ID}/add`,
    );
  });

  it("opens 'Add a Bank Account' for the manual option", async () => {
    const user = userEvent.setup();
    renderRoutes(routes, PAGE);
    await user.click(await screen.findByRole('button', { name: /Add and verify bank manually/ }));
    expect(await screen.findByRole('dialog', { name: 'Add a Bank Account' })).toBeInTheDocument();
  });
});
