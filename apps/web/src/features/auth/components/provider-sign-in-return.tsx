import { type AccountingProvider, MESSAGES } from '@ferry/domain';
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { isPrivateBrowsing } from '@/lib/private-browsing';
import { startSession, USER_QUERY_KEY } from '@/lib/session';
import { signInWithProvider } from '../api/provider-sign-in';
import type { SessionCredentials } from '../api/sign-in-code';
import { resolvePostSignInPath } from '../utils/post-sign-in';
import type { SignInChallenge } from './sign-in-code-dialogs';

const SignInCodeDialogs = lazy(() =>
  import('./sign-in-code-dialogs').then((m) => ({ default: m.SignInCodeDialogs })),
);

type Failure = 'signup-incomplete' | 'unknown';

export type ProviderSignInReturnProps = { providerType: AccountingProvider; state: string };

/**
 * The end of 'Sign in with Intuit / Xero' (spec 000 §4), on the provider's return page: `POST /auth/callback`
 * with the state, once; then as after a password — the code dialog on an untrusted device, and a session
 * loads the profile and moves on (`resolvePostSignInPath`). No Ferry account (or a sign-up not finished):
 * 'Please complete the signup before signing in.' with the way to sign up; anything else: 'Unknown error'.
 */
export const ProviderSignInReturn = ({ providerType, state }: ProviderSignInReturnProps) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [challenge, setChallenge] = useState<SignInChallenge | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  // The state is good for one call: React's development double effects must not send a second.
  const started = useRef(false);

  const finish = async (credentials: SessionCredentials) => {
    const user = await startSession(credentials);
    queryClient.setQueryData(USER_QUERY_KEY, user);
    navigate(await resolvePostSignInPath(user, null), { replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the call is made once, for the state the page opened with
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const run = async () => {
      const isIncognito = await isPrivateBrowsing();
      const answer = await signInWithProvider({ providerType, state });
      if (answer.isOTPVerificationRequired && answer.isValidCredentials) {
        setChallenge({
          userId: answer.userId,
          // The provider's account has no email to show here: the text names the phone when there is one.
          email: 'your email',
          primaryPhone: answer.primaryPhone,
          isIncognito,
          ...(answer.challengeToken ? { challengeToken: answer.challengeToken } : {}),
        });
        return;
      }
      if (!answer.token || !answer.sessionId) throw new Error('Sign-in answered without a session');
      await finish({ token: answer.token, sessionId: answer.sessionId });
    };
    run().catch((error: unknown) => {
      setFailure(
        isApiError(error) && error.errorCode === 'SIGNUP_INCOMPLETE' ? 'signup-incomplete' : 'unknown',
      );
    });
  }, []);

  if (failure) {
    return (
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} maw={520} w="100%" mx="auto" bg="white">
        <Stack gap="lg">
          <Alert color="red" variant="light" role="alert">
            {failure === 'signup-incomplete' ? MESSAGES.completeSignup : MESSAGES.unknownError}
          </Alert>
          {failure === 'signup-incomplete' ? (
            <Text size="sm">
              New to Ferry?{' '}
              <Anchor component={Link} to={paths.signUp.getHref()} fw={600}>
                Create an account
              </Anchor>
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button component={Link} to={paths.signIn.getHref()} variant="default">
              Back to sign in
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  return (
    <>
      <PageLoader label="Signing you in..." />
      {challenge ? (
        <Suspense fallback={null}>
          <SignInCodeDialogs
            challenge={challenge}
            onCancel={() => navigate(paths.signIn.getHref(), { replace: true })}
            onVerified={finish}
          />
        </Suspense>
      ) : null}
    </>
  );
};
