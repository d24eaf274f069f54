import { MESSAGES } from '@ferry/domain';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PasswordField } from '@/components/password-field';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { getBotCheckToken } from '@/lib/bot-check';
import { isPrivateBrowsing } from '@/lib/private-browsing';
import { useDeferredValidation } from '@/lib/use-deferred-validation';
import { useSignIn } from '../api/sign-in';
import type { SessionCredentials } from '../api/sign-in-code';
import { getAuthErrorMessage } from '../utils/auth-errors';
import type { SignInChallenge } from './sign-in-code-dialogs';

/** The code dialogs (and the phone change they offer) load only when the sign-in asks for a code. */
const SignInCodeDialogs = lazy(() =>
  import('./sign-in-code-dialogs').then((m) => ({ default: m.SignInCodeDialogs })),
);

const SIGNUP_INCOMPLETE = 'SIGNUP_INCOMPLETE';

const loadRules = () => import('./sign-in-validation').then((m) => m.validatePasswordStep);

export type SignInPasswordStepProps = {
  email: string;
  onModifyEmail: () => void;
  /** Starts the session and moves on; a failure is shown as the sign-in error. */
  onSignedIn: (credentials: SessionCredentials) => Promise<void>;
};

export const showSignInError = (error: unknown) => {
  const message =
    isApiError(error) && error.errorCode === SIGNUP_INCOMPLETE
      ? MESSAGES.completeSignup
      : getAuthErrorMessage(error);
  notifications.show({ color: 'red', title: 'Could not sign in', message });
};

/**
 * Sign-in, second step (spec 000 §2, §4): the locked email and the password (validated as it is typed).
 * Submitting gets a bot-check token and calls sign-in; an untrusted device then goes through the code
 * dialog, a trusted one gets its session straight away. Closing the code dialog ends the attempt.
 */
export const SignInPasswordStep = ({ email, onModifyEmail, onSignedIn }: SignInPasswordStepProps) => {
  const passwordRef = useRef<HTMLInputElement>(null);
  const signIn = useSignIn();
  const [isLoading, setIsLoading] = useState(false);
  const [challenge, setChallenge] = useState<SignInChallenge | null>(null);
  const rules = useDeferredValidation<{ email: string; password: string }>(loadRules);
  const form = useForm({
    initialValues: { email, password: '' },
    validate: rules.validate,
    validateInputOnChange: ['password'],
  });

  useEffect(() => {
    passwordRef.current?.focus();
    // The email step has usually loaded the rules already; this step may also be the first one shown.
    void rules.prepare();
  }, [rules.prepare]);

  const submit = form.onSubmit(async ({ password }) => {
    setIsLoading(true);
    try {
      const recaptchaToken = await getBotCheckToken();
      const isIncognito = await isPrivateBrowsing();
      const answer = await signIn.mutateAsync({ email, password, recaptchaToken, isIncognito });
      if (answer.isOTPVerificationRequired && answer.isValidCredentials) {
        // Loading stays on until the code dialog closes or the session starts.
        setChallenge({
          userId: answer.userId,
          email,
          primaryPhone: answer.primaryPhone,
          isIncognito,
          ...(answer.challengeToken ? { challengeToken: answer.challengeToken } : {}),
        });
        return;
      }
      if (!answer.token || !answer.sessionId) throw new Error('Sign-in answered without a session');
      await onSignedIn({ token: answer.token, sessionId: answer.sessionId });
    } catch (error) {
      showSignInError(error);
      setIsLoading(false);
    }
  });

  return (
    <>
      <form onSubmit={rules.whenReady(submit)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            size="md"
            readOnly
            variant="filled"
            rightSection={<IconLock size={16} aria-hidden />}
            {...form.getInputProps('email')}
          />
          <PasswordField
            ref={passwordRef}
            label="Password"
            autoComplete="current-password"
            size="md"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <Button type="submit" size="md" fullWidth loading={isLoading}>
            Sign in
          </Button>
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={onModifyEmail} disabled={isLoading}>
              Modify email
            </Anchor>
            <Anchor component={Link} to={paths.forgotPassword.getHref()} state={{ email }} size="sm">
              Forgot password
            </Anchor>
          </Group>
        </Stack>
      </form>
      {challenge ? (
        <Suspense fallback={null}>
          <SignInCodeDialogs
            challenge={challenge}
            onCancel={() => {
              setChallenge(null);
              setIsLoading(false);
            }}
            onVerified={onSignedIn}
          />
        </Suspense>
      ) : null}
    </>
  );
};
