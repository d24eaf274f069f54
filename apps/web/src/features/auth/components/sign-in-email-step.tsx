import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDeferredValidation } from '@/lib/use-deferred-validation';

const loadRules = () => import('./sign-in-validation').then((m) => m.validateEmailStep);

export type SignInEmailStepProps = {
  initialEmail: string;
  onContinue: (email: string) => void;
};

/** Sign-in, first step: who is signing in. */
export const SignInEmailStep = ({ initialEmail, onContinue }: SignInEmailStepProps) => {
  const emailRef = useRef<HTMLInputElement>(null);
  const rules = useDeferredValidation<{ email: string }>(loadRules);
  const form = useForm({ initialValues: { email: initialEmail }, validate: rules.validate });

  useEffect(() => {
    emailRef.current?.focus();
  }, []);

  return (
    <form
      onSubmit={rules.whenReady(form.onSubmit(({ email }) => onContinue(email.trim())))}
      onKeyDownCapture={rules.prepare}
      onPointerDownCapture={rules.prepare}
      noValidate
    >
      <Stack gap="md">
        <TextInput
          ref={emailRef}
          label="Email"
          type="email"
          autoComplete="username"
          placeholder="name@company.com"
          size="md"
          withAsterisk
          errorProps={{ role: 'alert' }}
          {...form.getInputProps('email')}
        />
        <Button type="submit" size="md" fullWidth>
          Continue
        </Button>
        <Group justify="center">
          <Anchor
            component={Link}
            to={paths.forgotPassword.getHref()}
            state={{ email: form.values.email.trim() }}
            size="sm"
          >
            Forgot password
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
};
