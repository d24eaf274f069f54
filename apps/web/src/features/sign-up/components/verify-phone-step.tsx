import { formatPhone } from '@ferry/domain';
import { Button, Stack } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ChangeMobileNumberDialog } from '@/components/change-mobile-number-dialog';
import type { UserProfile } from '@/lib/session';
import { changeMobileNumber, sendVerificationCode } from '../api/verification';
import { StepHeading } from './step-heading';
import { CodeTarget, StepAlternative, VerificationCodeDialog } from './verify-step-parts';

export type VerifyPhoneStepProps = {
  user: UserProfile;
  /** Called after the code was accepted, and after the number changed (the page refetches the user). */
  refreshUser: () => Promise<void>;
};

const describePhone = (phone: { countryCode: string; phoneNumber: string }): string =>
  formatPhone({ dialCode: phone.countryCode, phoneNumber: phone.phoneNumber });

/** Step 2 of verification (spec 000 §4): a 6-digit code sent by SMS to the primary mobile number. */
export function VerifyPhoneStep({ user, refreshUser }: VerifyPhoneStepProps) {
  const primary = user.phones.find((phone) => phone.isPrimary) ?? user.phones[0];
  const [isCodeOpen, setIsCodeOpen] = useState(false);
  const [isChangeOpen, setIsChangeOpen] = useState(false);
  const [changedTo, setChangedTo] = useState<string | null>(null);
  // A number change already sent a code: the dialog uses that request instead of sending another.
  const pendingRequest = useRef<{ requestId: string } | null>(null);
  const target = changedTo ?? (primary ? describePhone(primary) : null);

  const sendCode = () => {
    const pending = pendingRequest.current;
    pendingRequest.current = null;
    return pending ? Promise.resolve(pending) : sendVerificationCode('phone');
  };

  return (
    <Stack gap="lg">
      <StepHeading
        icon={IconDeviceMobile}
        title="Verify your mobile number"
        text={
          target ? (
            <>
              We will text a 6-digit code to <CodeTarget>{target}</CodeTarget>.
            </>
          ) : (
            'Add the mobile number we should text your code to.'
          )
        }
      />

      <Stack gap="sm">
        {target ? (
          <Button size="md" fullWidth onClick={() => setIsCodeOpen(true)}>
            Send code
          </Button>
        ) : (
          <Button size="md" fullWidth onClick={() => setIsChangeOpen(true)}>
            Add mobile number
          </Button>
        )}
        {target ? (
          <StepAlternative
            question="Not your number?"
            action="Change phone number"
            onClick={() => setIsChangeOpen(true)}
          />
        ) : null}
      </Stack>

      <VerificationCodeDialog
        channel="phone"
        opened={isCodeOpen}
        onClose={() => setIsCodeOpen(false)}
        title="Verify Your Mobile Number"
        description={
          <>
            Enter the 6-digit code we texted to <CodeTarget>{target}</CodeTarget>.
          </>
        }
        sendCode={sendCode}
        verifiedMessage="Mobile number verified."
        refreshUser={refreshUser}
        onChangePhone={() => {
          setIsCodeOpen(false);
          setIsChangeOpen(true);
        }}
      />

      <ChangeMobileNumberDialog
        opened={isChangeOpen}
        onClose={() => setIsChangeOpen(false)}
        submit={changeMobileNumber}
        onSubmitted={({ requestId, phone }) => {
          pendingRequest.current = { requestId };
          setChangedTo(describePhone(phone));
          setIsChangeOpen(false);
          setIsCodeOpen(true);
          void refreshUser();
        }}
      />
    </Stack>
  );
}
