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

const loadForm = () => import('./change-mobile-number-form');
const ChangeMobileNumberForm = lazy(() => loadForm().then((m) => ({ default: m.ChangeMobileNumberForm })));

/**
 * 'Enter New Mobile Number' (spec 000 §2). The phone field and its country metadata load only when the
 * code step that offers it shows (fetched in the background then, so opening does not wait), not with
 * the sign-in page; once opened it stays mounted so that closing keeps its transition.
 */
export function ChangeMobileNumberDialog(props: ChangeMobileNumberDialogProps) {
  const [wanted, setWanted] = useState(props.opened);
  useEffect(() => {
    void loadForm();
  }, []);
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
