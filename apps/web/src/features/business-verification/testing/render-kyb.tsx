import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { mockApi, ok } from '@/testing/mock-api';
import { chooseOption } from '@/testing/select';
import { renderRoutes, Where } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import type { BeneficialView } from '../api/get-beneficial-owners';
import type { VerificationFormView } from '../api/get-verification-form';
import { KybDetailsPage } from '../components/kyb-details-page';
import { FORM_PATH, KYB_PAGE, makeFormView, makeOwnersView, OWNERS_PATH } from './verification';

export type User = ReturnType<typeof userEvent.setup>;

/** Short, so a SUBMITTED verification turns verified within a test. */
export const TEST_POLL_MS = 40;

const routes: RouteObject[] = [
  { path: '/b/:businessId/kyb/details', element: <KybDetailsPage pollIntervalMs={TEST_POLL_MS} /> },
  { path: '/b/:businessId/home', element: <Where name="Home" /> },
  { path: '/process/auto-pay/business-mapping-check', element: <Where name="Auto-pay" /> },
];

/** A signed-in Admin and the fake server answering the two verification views. */
export const setUpKyb = (
  form: VerificationFormView = makeFormView(),
  owners: BeneficialView = makeOwnersView(),
) => {
  const profile = makeUserProfile();
  signInAs(profile);
  return mockApi({
    'GET /user': ok(profile),
    [`GET ${FORM_PATH}`]: ok(form),
    [`GET ${OWNERS_PATH}`]: ok(owners),
  });
};

export const renderKyb = (path: string = KYB_PAGE) => renderRoutes(routes, path);

/** The step heading (level 2) once the page has loaded. */
export const findStepHeading = (name: string | RegExp) => screen.findByRole('heading', { level: 2, name });

/** A button of the step list ('Business details Saved'...). */
export const stepButton = (title: string) =>
  within(screen.getByRole('navigation', { name: 'Verification steps' })).getByRole('button', {
    name: new RegExp(`^${title}`),
  });

/** Picks an option of one select (every select keeps its options in the page). */
export const choose = (user: User, select: HTMLElement, option: string) => chooseOption(user, select, option);

export const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });

/** Fills a field in one go (typing each character is slow; the tests about typing use `user.type`). */
export const fill = async (user: User, field: HTMLElement, text: string) => {
  await user.click(field);
  await user.paste(text);
};

/** Component tests drive whole forms: give them room on a busy machine. */
export const FORM_TEST_TIMEOUT = 20_000;
