import { isPrimaryPhoneVerified, MESSAGES, PASSWORD_MESSAGES, passwordSchema } from '@ferry/domain';
import { Alert, Badge, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { hasSession, storeUserProfile, USER_QUERY_KEY, useCurrentUser } from '@/lib/session';
import { getStored, setStored } from '@/lib/storage';
import { useSetInitialPassword } from '../api/set-password';
import { usePhoneRequired } from '../api/verification';
import { getActionErrorMessage, getFieldErrors } from '../utils/error-message';
import { focusFirstInvalid } from '../utils/focus-first-invalid';
import { getPathAfterPasswordSet, getPathAfterVerification } from '../utils/next-step';
import { type FieldErrors, useFieldForm } from '../utils/use-field-form';
import { AuthShell } from './auth-shell';
import { PasswordField } from './password-field';
import { PasswordRules } from './password-rules';
import { SignedInAs } from './signed-in-as';

type SetPasswordValues = { password: string; confirmPassword: string };

/** The rules of `setPasswordSchema`, field by field, so the mismatch shows while the password is still weak. */
const validate = (values: SetPasswordValues): FieldErrors<SetPasswordValues> => {
  const errors: FieldErrors<SetPasswordValues> = {};
  const password = passwordSchema.safeParse(values.password);
  if (!password.success) errors.password = password.error.issues[0]?.message ?? PASSWORD_MESSAGES.required;
  if (values.confirmPassword === '') errors.confirmPassword = PASSWORD_MESSAGES.required;
  else if (values.confirmPassword !== values.password) errors.confirmPassword = PASSWORD_MESSAGES.mismatch;
  return errors;
};

/**
 * `/set-password`, step 2 of sign-up (spec 000 §2, §4, §5): greeting, the password twice with show/hide
 * toggles and the live rule list; `POST /auth/set-password` starts a fresh session, then the
 * set-password outcome routing.
 */
export function SetPasswordPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = hasSession();
  const userQuery = useCurrentUser({ enabled: signedIn });
  const user = userQuery.data;
  const phoneRequired = usePhoneRequired(user);
  const setPassword = useSetInitialPassword();
  const [isDone, setIsDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useFieldForm<SetPasswordValues>({
    initialValues: { password: '', confirmPassword: '' },
    validate,
    linked: { password: ['confirmPassword'] },
  });

  if (!signedIn) return <Navigate to={paths.signIn.getHref()} replace />;
  if (user && phoneRequired !== undefined && !isDone) {
    const isVerified = user.isEmailVerified && (!phoneRequired || isPrimaryPhoneVerified(user));
    if (!isVerified) return <Navigate to={paths.verify.getHref()} replace />;
    if (user.isPasswordSet) return <Navigate to={getPathAfterVerification(user, phoneRequired)} replace />;
  }

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (!form.validateAll()) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    try {
      const result = await setPassword.mutateAsync(form.values);
      setIsDone(true);
      setStored('session', { token: result.token, sessionId: result.sessionId });
      storeUserProfile(result.user);
      queryClient.setQueryData(USER_QUERY_KEY, result.user);
      await navigate(getPathAfterPasswordSet(result.user, getStored('invitedUser')), { replace: true });
    } catch (error) {
      const { password, confirmPassword } = getFieldErrors(error);
      if (password || confirmPassword) {
        form.setFieldErrors({
          ...(password ? { password } : {}),
          ...(confirmPassword ? { confirmPassword } : {}),
        });
      } else {
        setFormError(getActionErrorMessage(error, MESSAGES.setPasswordFailed));
      }
    }
  };

  let content: React.ReactNode;
  if (userQuery.isError) {
    content = <ErrorState error={userQuery.error} onRetry={() => void userQuery.refetch()} />;
  } else if (!user) {
    content = <PageLoader label="Loading your account..." />;
  } else {
    content = (
      <form onSubmit={handleSubmit} noValidate aria-labelledby="set-password-title">
        <Stack gap="lg">
          <Stack gap={6}>
            <Badge variant="light" radius="sm" tt="none" w="fit-content">
              Step 2 of 2
            </Badge>
            <Title order={1} id="set-password-title" fz={28} lts="-0.02em">
              Hi {user.firstName} {user.lastName}
            </Title>
            <Text size="sm" c="dimmed">
              Create a password to finish setting up your account.
            </Text>
          </Stack>

          {formError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {formError}
            </Alert>
          ) : null}

          <PasswordField
            label="Enter password"
            autoComplete="new-password"
            withAsterisk
            value={form.values.password}
            onChange={(event) => form.setValue('password', event.currentTarget.value)}
            onBlur={() => form.touch('password')}
            error={form.errors.password}
          />
          <PasswordRules password={form.values.password} />
          <PasswordField
            label="Re-enter password to confirm"
            autoComplete="new-password"
            withAsterisk
            value={form.values.confirmPassword}
            onChange={(event) => form.setValue('confirmPassword', event.currentTarget.value)}
            onBlur={() => form.touch('confirmPassword')}
            error={form.errors.confirmPassword}
          />

          <Button type="submit" size="md" fullWidth loading={setPassword.isPending || isDone}>
            Continue
          </Button>
        </Stack>
      </form>
    );
  }

  return <AuthShell headerAction={<SignedInAs email={user?.email} />}>{content}</AuthShell>;
}
