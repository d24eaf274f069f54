import { changePasswordSchema, passwordUserInputs } from '@ferry/domain';
import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PasswordField } from '@/components/password-field';
import { PasswordRules } from '@/components/password-rules';
import {
  findWeakPasswordError,
  PasswordStrengthMeter,
  usePasswordStrength,
} from '@/components/password-strength';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { hasSession, startSession, USER_QUERY_KEY, useCurrentUser } from '@/lib/session';
import { useChangePassword } from '../api/change-password';
import { getAuthErrorMessage } from '../utils/auth-errors';

export const PASSWORD_CHANGED_MESSAGE =
  'Your password has been changed. You were signed out on every other device.';

const FORM_FIELDS = new Set(['oldPassword', 'password', 'confirmPassword']);
const INITIAL_VALUES = { oldPassword: '', password: '', confirmPassword: '' };

/**
 * `/account/password`: change the password with the old one (spec 000 §7 `PATCH /user/change-password`).
 * The server ends every other session and trusted device and hands this browser a fresh session.
 */
export const ChangePasswordPage = () => {
  const location = useLocation();
  const queryClient = useQueryClient();
  const mutation = useChangePassword();
  const { data: user } = useCurrentUser({ enabled: hasSession() });
  const [error, setError] = useState<string | null>(null);
  const [isCheckingStrength, setIsCheckingStrength] = useState(false);
  const oldPasswordRef = useRef<HTMLInputElement>(null);
  const form = useForm({
    initialValues: INITIAL_VALUES,
    validate: schemaResolver(changePasswordSchema, { sync: true }),
  });

  const userInputs = user ? passwordUserInputs(user) : [];
  const strength = usePasswordStrength(form.values.password, userInputs);

  useEffect(() => {
    oldPasswordRef.current?.focus();
  }, []);

  if (!hasSession()) return <Navigate to={paths.signIn.getHref(location.pathname)} replace />;

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setIsCheckingStrength(true);
    const weakError = await findWeakPasswordError(values.password, userInputs);
    setIsCheckingStrength(false);
    if (weakError) {
      form.setFieldError('password', weakError);
      return;
    }
    try {
      const credentials = await mutation.mutateAsync(values);
      const user = await startSession(credentials);
      queryClient.setQueryData(USER_QUERY_KEY, user);
      form.setValues(INITIAL_VALUES);
      form.resetDirty();
      notifications.show({ color: 'teal', title: 'Password changed', message: PASSWORD_CHANGED_MESSAGE });
      oldPasswordRef.current?.focus();
    } catch (cause) {
      const fieldErrors = isApiError(cause) ? cause.errors.filter((e) => FORM_FIELDS.has(e.field)) : [];
      if (fieldErrors.length > 0) {
        form.setErrors(Object.fromEntries(fieldErrors.map((e) => [e.field, e.message])));
      } else {
        setError(getAuthErrorMessage(cause));
      }
    }
  });

  return (
    <Container size={520} px={0} py="md">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={26} lts="-0.02em">
            Change password
          </Title>
          <Text c="dimmed" size="sm">
            Enter your current password, then choose a new one. Every other device will be signed out.
          </Text>
        </Stack>
        <Paper withBorder p={{ base: 'lg', sm: 'xl' }} radius="lg">
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <PasswordField
                ref={oldPasswordRef}
                label="Current password"
                autoComplete="current-password"
                withAsterisk
                {...form.getInputProps('oldPassword')}
              />
              <PasswordField
                label="New password"
                autoComplete="new-password"
                withAsterisk
                {...form.getInputProps('password')}
              />
              <PasswordRules password={form.values.password} />
              <PasswordStrengthMeter {...strength} />
              <PasswordField
                label="Confirm new password"
                autoComplete="new-password"
                withAsterisk
                {...form.getInputProps('confirmPassword')}
              />
              <ErrorAlert>{error}</ErrorAlert>
              <Group justify="flex-end">
                <Button type="submit" loading={isCheckingStrength || mutation.isPending}>
                  Change password
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
};
