import { emailSchema } from '@ferry/domain';
import { Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type ConsentChoice, ConsentDecision } from './consent-decision';

/**
 * SIGN_IN: who signs in (an email, checked with Ferry's own email rule), and Allow / Deny. The sandbox has
 * no accounts: the email given is the identity it reports.
 */
export const SignInConsent = ({
  providerName,
  pending,
  leaving,
  emailError,
  onDecide,
}: {
  providerName: string;
  pending: ConsentChoice | null;
  leaving: boolean;
  /** The server's message about the email, if any. */
  emailError: string | null;
  onDecide: (decision: ConsentChoice, email: string | undefined) => void;
}) => {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const decide = (decision: ConsentChoice) => {
    if (decision === 'DENY') {
      onDecide('DENY', undefined);
      return;
    }
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    onDecide('ALLOW', parsed.data);
  };

  return (
    <Stack gap="lg">
      <Text size="sm">
        Ferry will receive the email address below as your {providerName} identity, and will sign you in with
        it.
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          decide('ALLOW');
        }}
      >
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          maxLength={254}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(null);
          }}
          error={error ?? emailError}
        />
      </form>
      <ConsentDecision pending={pending} leaving={leaving} onDecide={decide} />
    </Stack>
  );
};
