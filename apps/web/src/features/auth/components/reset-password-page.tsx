import { paths, resetPasswordRequestSchema } from '@ferry/domain';
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLinkOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { ErrorAlert } from '@/components/error-alert';
import { PasswordField } from '@/components/password-field';
import { PasswordRules } from '@/components/password-rules';
import {
  findWeakPasswordError,
  PasswordStrengthMeter,
  usePasswordStrength,
} from '@/components/password-strength';
import { isApiError } from '@/lib/api-error';
import { getBotCheckToken } from '@/lib/bot-check';
import {
  INVALID_LINK_ERROR_CODE,
  INVALID_LINK_MESSAGE,
  PASSWORD_RESET_DONE_MESSAGE,
  useResetPassword,
} from '../api/reset-password';
import { getAuthErrorMessage } from '../utils/auth-errors';
import { BackToSignIn } from './back-to-sign-in';

const RULES_ID = 'reset-password-rules';
// Who the link is for is known only to the server, which checks the password against their details too.
const NO_USER_INPUTS: string[] = [];
const FORM_FIELDS = new Set(['password', 'confirmPassword']);

const isUsableToken = (token: string | null): token is string =>
  token !== null && resetPasswordRequestSchema.shape.token.safeParse(token).success;

const InvalidLink = () => (
  <AuthLayout title="This link cannot be used" footer={<BackToSignIn />}>
    <Stack gap="md" role="alert">
      <ThemeIcon size={48} radius="xl" variant="light" color="orange" aria-hidden>
        <IconLinkOff size={26} />
      </ThemeIcon>
      <Text>{INVALID_LINK_MESSAGE}</Text>
    </Stack>
    <Button component={Link} to={paths.forgotPassword()} fullWidth size="md">
      Request a new link
    </Button>
  </AuthLayout>
);

/** `/reset-password?token=` (spec 000 §2): a new password from an emailed link. */
export const ResetPasswordPage = () => {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const mutation = useResetPassword();
  const [invalid, setInvalid] = useState(() => !isUsableToken(token));
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const validateRequest = schemaResolver(resetPasswordRequestSchema, { sync: true });
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    // The whole request is validated (the token too, already checked above); only the form's fields show.
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validateRequest({ ...values, token })).filter(([field]) => FORM_FIELDS.has(field)),
      ) as FormErrors,
  });

  const strength = usePasswordStrength(form.values.password, NO_USER_INPUTS);

  useEffect(() => {
    passwordRef.current?.focus();
  }, []);

  if (invalid || !isUsableToken(token)) return <InvalidLink />;

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setPending(true);
    try {
      const weakError = await findWeakPasswordError(values.password, NO_USER_INPUTS);
      if (weakError) {
        form.setFieldError('password', weakError);
        return;
      }
      const recaptchaToken = await getBotCheckToken();
      await mutation.mutateAsync({ token, ...values, recaptchaToken });
      notifications.show({ color: 'teal', title: 'Password reset', message: PASSWORD_RESET_DONE_MESSAGE });
      navigate(paths.signin(), { replace: true });
    } catch (cause) {
      if (isApiError(cause) && cause.errorCode === INVALID_LINK_ERROR_CODE) {
        setInvalid(true);
        return;
      }
      const fieldErrors = isApiError(cause) ? cause.errors.filter((e) => FORM_FIELDS.has(e.field)) : [];
      if (fieldErrors.length > 0) {
        form.setErrors(Object.fromEntries(fieldErrors.map((e) => [e.field, e.message])));
      } else {
        setError(getAuthErrorMessage(cause));
      }
    } finally {
      setPending(false);
    }
  });

  return (
    <AuthLayout
      title="Reset your password"
      description="Choose a new password for your Ferry account. You will be signed out everywhere else."
      footer={<BackToSignIn />}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordField
            ref={passwordRef}
            label="New password"
            autoComplete="new-password"
            size="md"
            withAsterisk
            aria-describedby={RULES_ID}
            {...form.getInputProps('password')}
          />
          <PasswordRules id={RULES_ID} password={form.values.password} />
          <PasswordStrengthMeter {...strength} />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            size="md"
            withAsterisk
            {...form.getInputProps('confirmPassword')}
          />
          <ErrorAlert>{error}</ErrorAlert>
          <Button type="submit" size="md" fullWidth loading={pending}>
            Reset password
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
};
