import { apiPhoneSchema, MESSAGES, signUpRequestSchema } from '@ferry/domain';
import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { ErrorAlert } from '@/components/error-alert';
import { EMPTY_PHONE, PhoneField, type PhoneValue } from '@/components/phone-field';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { startSession, USER_QUERY_KEY } from '@/lib/session';
import { useSignUp } from '../api/sign-up';
import { getActionErrorMessage, getFieldErrors } from '../utils/error-message';
import { type FieldErrors, schemaFieldErrors, useFieldForm } from '../utils/use-field-form';
import { SignUpStep } from './sign-up-step';

/** The sign-up form's fields, checked by the same rules as `POST /auth/users/sign-up`. */
export const signUpFormSchema = z.object({
  firstName: signUpRequestSchema.shape.firstName,
  lastName: signUpRequestSchema.shape.lastName,
  email: signUpRequestSchema.shape.email,
  phone: apiPhoneSchema,
  isAgree: signUpRequestSchema.shape.isAgree,
});

export type SignUpFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: PhoneValue;
  isAgree: boolean;
};

const INITIAL_VALUES: SignUpFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: EMPTY_PHONE,
  isAgree: false,
};

/** The server names fields as in its request (`phones.0.phoneNumber`); the form has `phone`. */
const toFormField = (field: string): keyof SignUpFormValues | null => {
  if (field.startsWith('phones') || field === 'country') return 'phone';
  if (field === 'firstName' || field === 'lastName' || field === 'email' || field === 'isAgree') return field;
  return null;
};

const validate = (values: SignUpFormValues) => schemaFieldErrors<SignUpFormValues>(signUpFormSchema, values);

/** Sign-up (spec 000 §2, §5, §7): names, work email, mobile number with country, terms. */
export function SignUpForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signUp = useSignUp();
  const [formError, setFormError] = useState<string | null>(null);
  const [isFinishing, setIsFinishing] = useState(false);
  const form = useFieldForm<SignUpFormValues>({ initialValues: INITIAL_VALUES, validate });
  const { values, errors } = form;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    setFormError(null);
    if (!form.validateSubmit(event)) return;
    let credentials: { token: string; sessionId: string };
    try {
      credentials = await signUp.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        phones: [values.phone],
        country: values.phone.countryISOCode.toUpperCase(),
        isAgree: true,
        authProvider: 'EMAIL',
      });
    } catch (error) {
      const fieldErrors: FieldErrors<SignUpFormValues> = {};
      for (const [field, message] of Object.entries(getFieldErrors(error))) {
        const formField = toFormField(field);
        if (formField && !fieldErrors[formField]) fieldErrors[formField] = message;
      }
      if (Object.keys(fieldErrors).length > 0) form.setFieldErrors(fieldErrors);
      else setFormError(getActionErrorMessage(error, MESSAGES.somethingWentWrongTryLater));
      return;
    }
    setIsFinishing(true);
    try {
      const profile = await startSession(credentials);
      queryClient.setQueryData(USER_QUERY_KEY, profile);
    } catch {
      // The session is stored; the verification page loads the profile itself.
    }
    navigate(paths.verify.getHref());
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="sign-up-title">
      <Stack gap="lg">
        <Stack gap={6}>
          <SignUpStep step={1} />
          <Title order={1} id="sign-up-title" fz={28} lts="-0.02em">
            Create your Ferry account
          </Title>
          <Text c="dimmed" size="sm">
            It takes a couple of minutes. We will verify your email and mobile number next.
          </Text>
        </Stack>

        <ErrorAlert>{formError}</ErrorAlert>

        <Group grow align="flex-start" gap="md">
          <TextInput
            label="First name"
            autoComplete="given-name"
            withAsterisk
            value={values.firstName}
            onChange={(event) => form.setValue('firstName', event.currentTarget.value)}
            onBlur={() => form.touch('firstName')}
            error={errors.firstName}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            withAsterisk
            value={values.lastName}
            onChange={(event) => form.setValue('lastName', event.currentTarget.value)}
            onBlur={() => form.touch('lastName')}
            error={errors.lastName}
          />
        </Group>

        <TextInput
          label="Work email"
          type="email"
          autoComplete="email"
          placeholder="name@yourcompany.com"
          withAsterisk
          value={values.email}
          onChange={(event) => form.setValue('email', event.currentTarget.value)}
          onBlur={() => form.touch('email')}
          error={errors.email}
        />

        <PhoneField
          label="Mobile number"
          required
          value={values.phone}
          onChange={(phone) => form.setValue('phone', phone)}
          onBlur={() => form.touch('phone')}
          error={errors.phone}
        />

        <Checkbox
          checked={values.isAgree}
          onChange={(event) => {
            form.setValue('isAgree', event.currentTarget.checked);
            form.touch('isAgree');
          }}
          error={errors.isAgree}
          label={
            <>
              I agree to the{' '}
              <Anchor href={env.termsOfServiceUrl} target="_blank" rel="noopener" inherit>
                Terms of Service
              </Anchor>{' '}
              and{' '}
              <Anchor href={env.privacyPolicyUrl} target="_blank" rel="noopener" inherit>
                Privacy Policy
              </Anchor>
            </>
          }
        />

        <Button type="submit" size="md" fullWidth loading={signUp.isPending || isFinishing}>
          Create account
        </Button>

        <Text size="sm" c="dimmed" ta="center">
          Already have an account?{' '}
          <Anchor component={Link} to={paths.signIn.getHref()} fw={600}>
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
