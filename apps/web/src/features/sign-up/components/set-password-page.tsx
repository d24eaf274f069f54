import {
  isPrimaryPhoneVerified,
  MESSAGES,
  PASSWORD_MESSAGES,
  passwordSchema,
  passwordUserInputs,
} from '@ferry/domain';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PasswordField } from '@/components/password-field';
import { PasswordRules } from '@/components/password-rules';
import {
  findWeakPasswordError,
  PasswordStrengthMeter,
  usePasswordStrength,
} from '@/components/password-strength';
import { paths } from '@/config/paths';
import { usePhoneRequired } from '@/lib/phone-required';
import { storeUserProfile, USER_QUERY_KEY } from '@/lib/session';
import { getStored, setStored } from '@/lib/storage';
import {
  getPendingInvitations,
  loadPasswordOutcomeContext,
  toStoredPendingInvitation,
} from '../api/after-password';
import { useSetInitialPassword } from '../api/set-password';
import { getActionErrorMessage, getFieldErrors } from '../utils/error-message';
import { getPasswordOutcome, getPathAfterVerification, pickBusinessInvitation } from '../utils/next-step';
import { type FieldErrors, useFieldForm } from '../utils/use-field-form';
import { AuthShell } from './auth-shell';
import { SignUpStep } from './sign-up-step';
import { SignedInAs } from './signed-in-as';
import { UserLoading, useSignedInUser } from './user-loading';

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
  const { signedIn, userQuery, user } = useSignedInUser();
  const phoneRequired = usePhoneRequired(user?.country, user !== undefined);
  const setPassword = useSetInitialPassword();
  const [isDone, setIsDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useFieldForm<SetPasswordValues>({
    initialValues: { password: '', confirmPassword: '' },
    validate,
    linked: { password: ['confirmPassword'] },
  });
  const userInputs = user ? passwordUserInputs(user) : [];
  const strength = usePasswordStrength(form.values.password, userInputs);
  const [isCheckingStrength, setIsCheckingStrength] = useState(false);

  if (!signedIn) return <Navigate to={paths.signIn.getHref()} replace />;
  if (user && phoneRequired !== undefined && !isDone) {
    const isVerified = user.isEmailVerified && (!phoneRequired || isPrimaryPhoneVerified(user));
    if (!isVerified) return <Navigate to={paths.verify.getHref()} replace />;
    if (user.isPasswordSet) return <Navigate to={getPathAfterVerification(user, phoneRequired)} replace />;
  }

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    setFormError(null);
    if (!form.validateSubmit(event)) return;
    setIsCheckingStrength(true);
    const weakError = await findWeakPasswordError(form.values.password, userInputs);
    setIsCheckingStrength(false);
    if (weakError) {
      form.setFieldErrors({ password: weakError });
      return;
    }
    try {
      const result = await setPassword.mutateAsync(form.values);
      setIsDone(true);
      setStored('session', { token: result.token, sessionId: result.sessionId });
      storeUserProfile(result.user);
      queryClient.setQueryData(USER_QUERY_KEY, result.user);
      const invitation = getStored('invitedUser');
      const { businesses } = await loadPasswordOutcomeContext();
      const outcome = getPasswordOutcome(result.user, invitation, businesses);
      if (outcome.kind === 'fetch-business-invitation') {
        const pending = await getPendingInvitations().catch(() => []);
        const found = pickBusinessInvitation(pending);
        if (found) setStored('invitedUser', toStoredPendingInvitation(found));
      }
      await navigate(outcome.to, { replace: true });
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
  if (userQuery.isError || !user) {
    content = <UserLoading userQuery={userQuery} />;
  } else {
    content = (
      <form onSubmit={handleSubmit} noValidate aria-labelledby="set-password-title">
        <Stack gap="lg">
          <Stack gap={6}>
            <SignUpStep step={2} />
            <Title order={1} id="set-password-title" fz={28} lts="-0.02em">
              Hi {user.firstName} {user.lastName}
            </Title>
            <Text size="sm" c="dimmed">
              Create a password to finish setting up your account.
            </Text>
          </Stack>

          <ErrorAlert>{formError}</ErrorAlert>

          <PasswordField
            label="Enter password"
            autoComplete="new-password"
            withAsterisk
            value={form.values.password}
            onChange={(event) => form.setValue('password', event.currentTarget.value)}
            onBlur={() => form.touch('password')}
            error={form.errors.password}
          />
          <PasswordRules password={form.values.password} withCaption={false} />
          <PasswordStrengthMeter {...strength} />
          <PasswordField
            label="Re-enter password to confirm"
            autoComplete="new-password"
            withAsterisk
            value={form.values.confirmPassword}
            onChange={(event) => form.setValue('confirmPassword', event.currentTarget.value)}
            onBlur={() => form.touch('confirmPassword')}
            error={form.errors.confirmPassword}
          />

          <Button
            type="submit"
            size="md"
            fullWidth
            loading={isCheckingStrength || setPassword.isPending || isDone}
          >
            Continue
          </Button>
        </Stack>
      </form>
    );
  }

  return <AuthShell headerAction={<SignedInAs email={user?.email} />}>{content}</AuthShell>;
}
