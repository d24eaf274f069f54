import { forgotPasswordRequestSchema, paths } from '@ferry/domain';
import { Button, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { ErrorAlert } from '@/components/error-alert';
import { getBotCheckToken } from '@/lib/bot-check';
import { FORGOT_PASSWORD_SENT_MESSAGE, useRequestPasswordReset } from '../api/forgot-password';
import { getAuthErrorMessage } from '../utils/auth-errors';
import { BackToSignIn } from './back-to-sign-in';

/** Sign-in can hand over the email it already knows (`<Link state={{ email }}>`). */
const readEmailFromState = (state: unknown): string =>
  state !== null && typeof state === 'object' && 'email' in state && typeof state.email === 'string'
    ? state.email
    : '';

/** `/forgot-password` (spec 000 §2): asks for the email and always answers the same way. */
export const ForgotPasswordPage = () => {
  const location = useLocation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const mutation = useRequestPasswordReset();
  const emailRef = useRef<HTMLInputElement>(null);
  const form = useForm({
    initialValues: { email: readEmailFromState(location.state) },
    validate: schemaResolver(forgotPasswordRequestSchema, { sync: true }),
  });

  useEffect(() => {
    if (sentTo === null) emailRef.current?.focus();
  }, [sentTo]);

  const submit = form.onSubmit(async ({ email }) => {
    setError(null);
    setPending(true);
    try {
      const recaptchaToken = await getBotCheckToken();
      await mutation.mutateAsync({ email: email.trim(), recaptchaToken });
      setSentTo(email.trim());
    } catch (cause) {
      setError(getAuthErrorMessage(cause));
    } finally {
      setPending(false);
    }
  });

  if (sentTo !== null) {
    return (
      <AuthLayout title="Check your email">
        <Stack gap="md" role="status" aria-live="polite">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconMailCheck size={26} />
          </ThemeIcon>
          <Text>{FORGOT_PASSWORD_SENT_MESSAGE}</Text>
          <Text size="sm" c="dimmed">
            We sent it to <b>{sentTo}</b>. The link works once and expires in 60 minutes. If nothing arrives,
            check your spam folder or try again.
          </Text>
        </Stack>
        <Stack gap="xs">
          <Button component={Link} to={paths.signin()} fullWidth size="md">
            Back to sign in
          </Button>
          <Button
            variant="subtle"
            fullWidth
            onClick={() => {
              mutation.reset();
              setSentTo(null);
            }}
          >
            Send another link
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot password?"
      description="Enter the email you use for Ferry and we'll send you a link to reset your password."
      footer={<BackToSignIn />}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            ref={emailRef}
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="name@company.com"
            size="md"
            withAsterisk
            errorProps={{ role: 'alert' }}
            {...form.getInputProps('email')}
          />
          <ErrorAlert>{error}</ErrorAlert>
          <Button type="submit" size="md" fullWidth loading={pending}>
            Send reset link
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
};
