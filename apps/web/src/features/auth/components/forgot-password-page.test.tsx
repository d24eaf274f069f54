import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { FORGOT_PASSWORD_SENT_MESSAGE } from '../api/forgot-password';
import { ForgotPasswordPage } from './forgot-password-page';

const SignInStub = () => <p>Sign-in page</p>;

const renderPage = () => {
  const Stub = createRoutesStub([
    { path: '/forgot-password', Component: ForgotPasswordPage },
    { path: '/signin', Component: SignInStub },
  ]);
  return renderWithProviders(<Stub initialEntries={['/forgot-password']} />);
};

describe('ForgotPasswordPage', () => {
  it('validates the email before calling the server', async () => {
    const api = mockApi({ 'POST /auth/forgot-password': ok({}) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/forgot-password')).toHaveLength(0);
  });

  it.each([
    ['a known', 'ada@acme.com'],
    ['an unknown', 'nobody@acme.com'],
  ])('shows the same confirmation for %s email', async (_, email) => {
    const api = mockApi({
      'POST /auth/forgot-password': ok({}, { message: FORGOT_PASSWORD_SENT_MESSAGE }),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByLabelText(/^Email/)).toHaveFocus();
    await user.type(screen.getByLabelText(/^Email/), email);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(FORGOT_PASSWORD_SENT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText(email)).toBeInTheDocument();
    expect(api.callsTo('POST /auth/forgot-password')[0]?.body).toEqual({
      email,
      recaptchaToken: expect.any(String),
    });

    await user.click(screen.getAllByRole('link', { name: 'Back to sign in' })[0] as HTMLElement);
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
  });

  it("shows the server's message when the request is refused", async () => {
    mockApi({
      'POST /auth/forgot-password': fail(429, 'Too many requests. Please wait 60 seconds and try again.'),
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText(/^Email/), 'ada@acme.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait 60 seconds and try again.',
    );
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
  });
});
