import { lazy, Suspense, useEffect, useState } from 'react';
import type { PhoneValue } from './phone-field';

export type ChangeMobileNumberDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Calls `PATCH /user/mobile-number` (with a bot-check token and, during a sign-in, its challenge) and
   * returns the new code's request id. Throw an `ApiError` (or `BotCheckError`) to show its message. */
  submit: (phone: PhoneValue) => Promise<{ requestId: string }>;
  /** After the new number was accepted and a code was sent to it. */
  onSubmitted: (result: { requestId: string; phone: PhoneValue }) => void;
};

const ChangeMobileNumberForm = lazy(() =>
  import('./change-mobile-number-form').then((m) => ({ default: m.ChangeMobileNumberForm })),
);

/**
 * 'Enter New Mobile Number' (spec 000 §2). The phone field and its country metadata load only when the
 * dialog first opens, so the sign-in and verify pages that offer it do not carry them; once loaded it
 * stays mounted so that closing keeps its transition.
 */
export function ChangeMobileNumberDialog(props: ChangeMobileNumberDialogProps) {
  const [wanted, setWanted] = useState(props.opened);
  useEffect(() => {
    if (props.opened) setWanted(true);
  }, [props.opened]);
  if (!wanted && !props.opened) return null;
  return (
    <Suspense fallback={null}>
      <ChangeMobileNumberForm {...props} />
    </Suspense>
  );
}
