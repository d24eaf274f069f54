import type { BeneficialView } from '../api/get-beneficial-owners';
import type { VerificationFormView } from '../api/get-verification-form';
import { getVerificationStatusView, isUserVerificationDone } from './status';

export const STEP_KEYS = ['identity', 'details', 'owners', 'result'] as const;
export type StepKey = (typeof STEP_KEYS)[number];

export type StepState = 'done' | 'current-work' | 'to-do' | 'attention';

export type StepSummary = {
  key: StepKey;
  title: string;
  /** A short word for where the step stands ('Verified', 'Saved', 'To do'...). */
  stateLabel: string;
  state: StepState;
  /** Whether the step can be opened yet (the result only once submitted). */
  selectable: boolean;
};

/** The verification has been sent to the provider (in review, verified or rejected). */
export const isSubmitted = (status: string | null | undefined): boolean =>
  status === 'SUBMITTED' || status === 'FULL_VERIFIED' || status === 'REJECTED';

/**
 * The step the page opens on, from the server's state: the result once submitted; otherwise the
 * identity until it is verified, then the business details until they are saved, then the owners.
 */
export const getDefaultStep = (form: VerificationFormView): StepKey => {
  if (isSubmitted(form.status)) return 'result';
  if (!isUserVerificationDone(form.identity.verificationStep)) return 'identity';
  if (form.form === null) return 'details';
  return 'owners';
};

export const summariseSteps = (form: VerificationFormView, owners: BeneficialView): StepSummary[] => {
  const identityDone = isUserVerificationDone(form.identity.verificationStep);
  const identityRetry = form.identity.verificationStep === 'ACTION_REQUIRED';
  const submitted = isSubmitted(form.status);
  const result = getVerificationStatusView(form.status);
  return [
    {
      key: 'identity',
      title: 'Your identity',
      stateLabel: identityDone ? 'Verified' : identityRetry ? 'Action required' : 'To do',
      state: identityDone ? 'done' : identityRetry ? 'attention' : 'to-do',
      selectable: true,
    },
    {
      key: 'details',
      title: 'Business details',
      stateLabel: form.form ? 'Saved' : 'To do',
      state: form.form ? 'done' : 'to-do',
      selectable: true,
    },
    {
      key: 'owners',
      title: 'Owners',
      stateLabel: submitted ? 'Submitted' : owners.controlPerson ? 'Saved' : 'To do',
      state: submitted ? 'done' : owners.controlPerson ? 'current-work' : 'to-do',
      selectable: true,
    },
    {
      key: 'result',
      title: 'Review',
      stateLabel: result.label,
      state:
        form.status === 'FULL_VERIFIED'
          ? 'done'
          : form.status === 'REJECTED'
            ? 'attention'
            : submitted
              ? 'current-work'
              : 'to-do',
      selectable: submitted,
    },
  ];
};
