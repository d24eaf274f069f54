import type { GuestPaymentInfo } from '@ferry/domain';
import { Alert, Checkbox, Stack } from '@mantine/core';
import { useState } from 'react';
import { OneTimeCodeDialog } from '@/components/one-time-code-dialog';
import { getErrorMessage } from '@/lib/api-error';
import { sendAutoPayCode, verifyAutoPayCode } from '../api/auto-pay-api';
import { type AuthorizeErrors, authorizeErrorsOf } from '../utils/method-info';
import type { AutoPaySlots, ChosenMethod } from './auto-pay-slots';

export const OTP_DIALOG_TITLE = 'Enter One-Time Password';

const NO_ERRORS: AuthorizeErrors = { method: null, consent: null, form: null };

export type AuthorizeWithCodeProps = {
  info: GuestPaymentInfo;
  slots: AutoPaySlots;
  title: string;
  consentLabel: string;
  submitLabel: string;
  /** The call made once the SMS code is verified (its request id is the otpId). */
  onSubmit: (method: ChosenMethod, otpId: string) => Promise<void>;
};

/**
 * The method form with the authorisation tick, then the auto-payment-otp-verification dialog (spec 002 §4
 * 'Guest payment' dialog states): the code is texted (`POST /otp/phone`), verified (`POST
 * /otp/verify/phone`), and `onSubmit` runs with its id. The server's field errors come back to the method
 * (paymentInstrumentId), the tick (authorized) or the form.
 */
export const AuthorizeWithCode = ({
  info,
  slots,
  title,
  consentLabel,
  submitLabel,
  onSubmit,
}: AuthorizeWithCodeProps) => {
  const [consented, setConsented] = useState(false);
  const [method, setMethod] = useState<ChosenMethod | null>(null);
  const [codeOpen, setCodeOpen] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [errors, setErrors] = useState<AuthorizeErrors>(NO_ERRORS);

  const submit = async (chosen: ChosenMethod, otpId: string) => {
    setIsSubmitting(true);
    try {
      await onSubmit(chosen, otpId);
    } catch (error) {
      setErrors(authorizeErrorsOf(error, getErrorMessage(error)));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <Stack gap="md">
      <slots.MethodForm
        info={info}
        title={title}
        consented={consented}
        submitLabel={submitLabel}
        isSubmitting={isSubmitting}
        serverError={errors.method}
        consent={
          <Checkbox
            label={consentLabel}
            checked={consented}
            onChange={(event) => {
              setConsented(event.currentTarget.checked);
              setErrors((current) => ({ ...current, consent: null }));
            }}
            error={errors.consent}
          />
        }
        onChoose={(chosen) => {
          setErrors(NO_ERRORS);
          setMethod(chosen);
          setCodeOpen(true);
        }}
      />
      {errors.form ? (
        <Alert color="red" variant="light" role="alert">
          {errors.form}
        </Alert>
      ) : null}
      <OneTimeCodeDialog
        opened={codeOpen}
        onClose={() => setCodeOpen(false)}
        title={OTP_DIALOG_TITLE}
        description="Enter the 6-digit code we sent to your mobile number to confirm this authorization."
        sendCode={sendAutoPayCode}
        verifyCode={async ({ requestId, otp }) => {
          const otpId = await verifyAutoPayCode({ requestId, otp });
          setCodeOpen(false);
          if (method) void submit(method, otpId);
        }}
      />
    </Stack>
  );
};
