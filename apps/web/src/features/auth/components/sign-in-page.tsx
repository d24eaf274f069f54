import { Anchor } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import {
  getStoredUser,
  hasSession,
  startSession,
  USER_QUERY_KEY,
  type UserProfile,
  useCurrentUser,
} from '@/lib/session';
import type { SessionCredentials } from '../api/sign-in-code';
import { resolvePostSignInPath } from '../utils/post-sign-in';
import { SignInEmailStep } from './sign-in-email-step';
import { SignInPasswordStep, showSignInError } from './sign-in-password-step';

/** 'Hey {first name or there}': the name is known only when this browser last held this user. */
const greetingNameFor = (email: string): string => {
  const stored = getStoredUser();
  const matches = stored?.email && stored.email.toLowerCase() === email.trim().toLowerCase();
  return (matches && stored?.firstName?.trim()) || 'there';
};

export type SignInPageProps = {
  /** Other ways in, under the email step (the app puts 'Sign in with Intuit / Xero' here, after an 'or'). */
  providerSignIn?: ReactNode;
};

/**
 * `/signin?redirectUrl=` (spec 000 §2, §4): an email step, then the password step with the code dialog.
 * A new session loads the profile and moves on (see `resolvePostSignInPath`); someone already signed in
 * is sent onward straight away.
 */
export const SignInPage = ({ providerSignIn }: SignInPageProps = {}) => {
  const [searchParams] = useSearchParams();
  const redirectUrl = searchParams.get('redirectUrl');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<'email' | 'password'>('email');
  const [email, setEmail] = useState('');
  const [isSignedInOnLoad] = useState(hasSession);
  const currentUser = useCurrentUser({ enabled: isSignedInOnLoad });
  const movingOn = useRef(false);
  const [onwardFailed, setOnwardFailed] = useState(false);

  const moveOn = useCallback(
    async (user: UserProfile) => {
      movingOn.current = true;
      try {
        navigate(await resolvePostSignInPath(user, redirectUrl), { replace: true });
      } finally {
        movingOn.current = false;
      }
    },
    [navigate, redirectUrl],
  );

  const handleSignedIn = async (credentials: SessionCredentials) => {
    const user = await startSession(credentials);
    queryClient.setQueryData(USER_QUERY_KEY, user);
    await moveOn(user);
  };

  // Already signed in: go where a fresh sign-in would.
  useEffect(() => {
    if (!isSignedInOnLoad || !currentUser.data || movingOn.current) return;
    moveOn(currentUser.data).catch((error: unknown) => {
      setOnwardFailed(true);
      showSignInError(error);
    });
  }, [isSignedInOnLoad, currentUser.data, moveOn]);

  if (isSignedInOnLoad && !currentUser.isError && !onwardFailed)
    return <PageLoader fullScreen label="Signing you in..." />;

  if (step === 'password') {
    return (
      <AuthLayout
        title={`Hey ${greetingNameFor(email)}`}
        description="Please enter your email and password to continue"
      >
        <SignInPasswordStep
          email={email}
          onModifyEmail={() => setStep('email')}
          onSignedIn={handleSignedIn}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Sign in to Ferry"
      description="Pay bills and get paid, all in one place. Enter your email to continue."
      footer={
        <>
          New to Ferry?{' '}
          <Anchor component={Link} to={paths.signUp.getHref()} fw={600}>
            Create an account
          </Anchor>
        </>
      }
    >
      <SignInEmailStep
        initialEmail={email}
        onContinue={(next) => {
          setEmail(next);
          setStep('password');
        }}
      />
      {providerSignIn}
    </AuthLayout>
  );
};
