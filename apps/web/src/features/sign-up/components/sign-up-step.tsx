import { Badge } from '@mantine/core';

/**
 * Sign-up has two steps (spec 000 §4: the set-password page is "step 2 of sign-up"): the account's
 * details with their verification (`/signup`, `/verify`), then the password (`/set-password`). Every
 * sign-up page shows the same indicator, so the count and the names never disagree between pages.
 */
export const SIGN_UP_STEPS = ['Your details', 'Your password'] as const;

type SignUpStepProps = {
  /** 1 on `/signup` and `/verify`, 2 on `/set-password`. */
  step: 1 | 2;
};

export const SignUpStep = ({ step }: SignUpStepProps) => (
  <Badge variant="light" radius="sm" tt="none" w="fit-content">
    Step {step} of {SIGN_UP_STEPS.length}: {SIGN_UP_STEPS[step - 1]}
  </Badge>
);
