import { formatMaskedPhone, type SignInResponse } from '@ferry/domain';
import { Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { ChangeMobileNumberDialog } from '@/components/change-mobile-number-dialog';
import { OneTimeCodeDialog } from '@/components/one-time-code-dialog';
import type { PhoneValue } from '@/components/phone-field';
import { getBotCheckToken } from '@/lib/bot-check';
import {
  type CodeRequest,
  type SessionCredentials,
  sendSignInCode,
  verifySignInCode,
} from '../api/sign-in-code';
import { updateMobileNumber } from '../api/update-mobile-number';

/** What `POST /auth/sign-in` answered when a code is needed, plus whether this is a private window. */
export type SignInChallenge = {
  userId: string;
  email: string;
  primaryPhone: SignInResponse['primaryPhone'];
  challengeToken?: string;
  isIncognito: boolean;
};

export type SignInCodeDialogsProps = {
  challenge: SignInChallenge;
  /** The person closed the code dialog: the sign-in attempt is over. */
  onCancel: () => void;
  /** A right code: the session to start (throw to show a message in the dialog). */
  onVerified: (credentials: SessionCredentials) => Promise<void>;
};

/** The sign-in answer masks all but the last four digits; the text shows the same mask. */
const describePhone = (phone: SignInChallenge['primaryPhone']): string | null =>
  phone ? formatMaskedPhone({ dialCode: phone.countryCode, phoneNumber: phone.phoneNumber }) : null;

/**
 * The sign-in code step (spec 000 §2, §4): 'Enter One-Time Password' sends a code to the primary phone
 * when it opens; 'Change phone number' opens 'Enter New Mobile Number', whose answer already sent a code to
 * the new number, so the code dialog then continues with that request instead of sending another.
 */
export const SignInCodeDialogs = ({ challenge, onCancel, onVerified }: SignInCodeDialogsProps) => {
  const { userId, challengeToken, isIncognito } = challenge;
  const [mode, setMode] = useState<'code' | 'change-phone'>('code');
  const [phoneLabel, setPhoneLabel] = useState(() => describePhone(challenge.primaryPhone));
  /** The last code request, and one the code dialog should take up instead of sending a new code. */
  const lastRequest = useRef<CodeRequest | null>(null);
  const pendingRequest = useRef<CodeRequest | null>(null);

  const sendCode = async (): Promise<CodeRequest> => {
    const pending = pendingRequest.current;
    if (pending) {
      pendingRequest.current = null;
      return pending;
    }
    const recaptchaToken = await getBotCheckToken();
    const sent = await sendSignInCode({
      userId,
      recaptchaToken,
      ...(challengeToken ? { challengeToken } : {}),
    });
    lastRequest.current = sent;
    return sent;
  };

  const verifyCode = async ({
    requestId,
    otp,
    trustDevice,
  }: {
    requestId: string;
    otp: string;
    trustDevice: boolean;
  }) => {
    const recaptchaToken = await getBotCheckToken();
    const credentials = await verifySignInCode({
      userId,
      requestId,
      otp,
      recaptchaToken,
      isRegisterTrustedDevice: trustDevice && !isIncognito,
      isIncognito,
      ...(challengeToken ? { challengeToken } : {}),
    });
    await onVerified(credentials);
  };

  const submitNewPhone = async (phone: PhoneValue): Promise<CodeRequest> => {
    const recaptchaToken = await getBotCheckToken();
    const sent = await updateMobileNumber({
      phone,
      recaptchaToken,
      userId,
      ...(challengeToken ? { challengeToken } : {}),
    });
    lastRequest.current = sent;
    return sent;
  };

  const backToCode = () => {
    // The code already sent stays valid: reopening the dialog takes it up rather than sending another.
    pendingRequest.current = lastRequest.current;
    setMode('code');
  };

  const description = (
    <>
      {/* An account without a phone gets its sign-in code by email. */}
      {`Enter the 6-digit code we sent to ${phoneLabel ?? challenge.email}.`}
      {isIncognito ? (
        <Text component="span" display="block" mt="xs" size="sm" c="dimmed">
          This looks like a private window, so this device cannot be trusted: you will be asked for a code
          each time you sign in here.
        </Text>
      ) : null}
    </>
  );

  return (
    <>
      <OneTimeCodeDialog
        opened={mode === 'code'}
        onClose={onCancel}
        title="Enter One-Time Password"
        description={description}
        sendCode={sendCode}
        verifyCode={verifyCode}
        showTrustDevice={!isIncognito}
        onChangePhone={() => setMode('change-phone')}
      />
      <ChangeMobileNumberDialog
        opened={mode === 'change-phone'}
        onClose={backToCode}
        submit={submitNewPhone}
        onSubmitted={({ phone }) => {
          setPhoneLabel(formatMaskedPhone({ dialCode: phone.countryCode, phoneNumber: phone.phoneNumber }));
          backToCode();
        }}
      />
    </>
  );
};
