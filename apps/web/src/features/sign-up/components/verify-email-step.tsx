import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { storeUserProfile, USER_QUERY_KEY, type UserProfile } from '@/lib/session';
import { ChangeEmailForm } from './change-email-form';
import { StepHeading } from './step-heading';
import { CodeTarget, StepAlternative, VerificationCodeDialog } from './verify-step-parts';

export type VerifyEmailStepProps = {
  user: UserProfile;
  /** Called after the code was accepted (the page refetches the user). */
  refreshUser: () => Promise<void>;
};

/** Step 1 of verification (spec 000 §4): a 6-digit code sent to the sign-up email. */
export function VerifyEmailStep({ user, refreshUser }: VerifyEmailStepProps) {
  const queryClient = useQueryClient();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [isEditing, setIsEditing] = useState(false);

  const handleEmailChanged = (profile: UserProfile) => {
    storeUserProfile(profile);
    queryClient.setQueryData(USER_QUERY_KEY, profile);
    setIsEditing(false);
    notifications.show({ color: 'teal', message: `Email changed to ${profile.email}.` });
  };

  return (
    <Stack gap="lg">
      <StepHeading
        icon={IconMail}
        title="Verify your email"
        text={
          <>
            We will send a 6-digit code to <CodeTarget>{user.email}</CodeTarget>.
          </>
        }
      />

      {isEditing ? (
        <ChangeEmailForm
          currentEmail={user.email}
          onChanged={handleEmailChanged}
          onCancel={() => setIsEditing(false)}
        />
      ) : (
        <Stack gap="sm">
          <Button size="md" fullWidth onClick={() => setIsDialogOpen(true)}>
            Send code
          </Button>
          <StepAlternative
            question="Mistyped your email?"
            action="Change email"
            onClick={() => setIsEditing(true)}
          />
        </Stack>
      )}

      <VerificationCodeDialog
        channel="email"
        opened={isDialogOpen}
        onClose={() => setIsDialogOpen(false)}
        title="Verify Your Email"
        description={
          <>
            Enter the 6-digit code we sent to <CodeTarget>{user.email}</CodeTarget>. Check your spam folder if
            it does not arrive.
          </>
        }
        verifiedMessage="Email verified."
        refreshUser={refreshUser}
      />
    </Stack>
  );
}
