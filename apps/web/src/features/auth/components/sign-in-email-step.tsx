import { signInRequestSchema } from '@ferry/domain';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { paths } from '@/config/paths';

const emailStepSchema = z.object({ email: signInRequestSchema.shape.email });

export type SignInEmailStepProps = {
  initialEmail: string;
  onContinue: (email: string) => void;
};

/** Sign-in, first step: who is signing in. */
export const SignInEmailStep = ({ initialEmail, onContinue }: SignInEmailStepProps) => {
  const emailRef = useRef<HTMLInputElement>(null);
  const form = useForm({
    initialValues: { email: initialEmail },
    validate: schemaResolver(emailStepSchema, { sync: true }),
  });

  useEffect(() => {
    emailRef.current?.focus();
  }, []);

  return (
    <form onSubmit={form.onSubmit(({ email }) => onContinue(email.trim()))} noValidate>
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
