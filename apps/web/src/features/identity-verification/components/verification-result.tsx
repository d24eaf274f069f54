import { Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconClockCheck, IconPlayerPause, IconShieldX } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { ErrorAlert } from '@/components/error-alert';
import { getStoredUser, useCurrentUser } from '@/lib/session';
import { useActiveBusinessId } from '@/lib/use-stored-value';
import type { VerificationResult } from '../api/finish-verification';
import { useBeginVerification } from '../hooks/use-begin-verification';
import {
  getPathAfterCancel,
  getPathAfterCompletion,
  getVerificationHome,
  getVerificationOutcome,
  type VerificationOutcome,
  type VerificationRouting,
} from '../utils/verification-routing';
import { forgetVerification, readPendingVerification } from '../utils/verification-storage';
import { FocusedTitle } from './focused-title';

type OutcomeText = { icon: ReactNode; color: string; title: string; description: string };

const OUTCOME_TEXT: Record<VerificationOutcome, OutcomeText> = {
  approved: {
    icon: <IconCircleCheck size={28} stroke={1.6} />,
    color: 'green',
    title: 'Identity verified',
    description: 'Thank you — your identity is confirmed.',
  },
  submitted: {
    icon: <IconClockCheck size={28} stroke={1.6} />,
    color: 'ferry',
    title: 'Verification submitted',
    description:
      'Thank you — we have your details. The check can take a little while; we’ll let you know if anything else is needed.',
  },
  cancelled: {
    icon: <IconPlayerPause size={28} stroke={1.6} />,
    color: 'orange',
    title: 'Verification cancelled',
    description: 'You can finish verifying your identity any time. Until then, some features stay locked.',
  },
  declined: {
    icon: <IconShieldX size={28} stroke={1.6} />,
    color: 'red',
    title: 'We couldn’t verify your identity',
    description:
      'The identity check did not go through. Make sure your ID document is valid and clearly readable, then try again.',
  },
};

/** What the routing knows: the server's answer, the stored verification, the flow and the active business. */
const useVerificationRouting = (result: VerificationResult, flowBusinessId: string | null) => {
  const { data: currentUser } = useCurrentUser();
  const activeBusinessId = useActiveBusinessId();
  // Read once: Continue forgets it.
  const pending = useMemo(() => readPendingVerification(), []);
  const user = currentUser ?? getStoredUser();
  return {
    flowBusinessId,
    businessId:
      flowBusinessId ?? pending.businessId ?? result.businessId ?? result.business?.id ?? activeBusinessId,
    type: pending.type,
    activeStatus: result.activeStatus ?? user?.activeStatus ?? pending.userStatus,
    returnUrl: pending.returnUrl,
    customerId: pending.customerId,
    home: getVerificationHome(user, activeBusinessId),
  } satisfies VerificationRouting;
};

/**
 * The verification's result, from the server's answer: verified or submitted (Continue), or cancelled or
 * declined (Try again, or Continue where the after-cancel routing leads). The title takes the focus.
 */
export const VerificationResultCard = ({
  result,
  flowBusinessId,
}: {
  result: VerificationResult;
  flowBusinessId: string | null;
}) => {
  const outcome = getVerificationOutcome(result);
  const routing = useVerificationRouting(result, flowBusinessId);
  const retry = useBeginVerification(flowBusinessId);
  const text = OUTCOME_TEXT[outcome];
  const isDone = outcome === 'approved' || outcome === 'submitted';
  const next = isDone ? getPathAfterCompletion(routing) : getPathAfterCancel(routing);

  const continueLink = (
    <Button
      component={Link}
      to={next}
      replace
      onClick={forgetVerification}
      size="md"
      fullWidth
      variant={isDone ? 'filled' : 'default'}
    >
      Continue
    </Button>
  );

  return (
    <AuthLayout
      icon={text.icon}
      iconColor={text.color}
      title={<FocusedTitle>{text.title}</FocusedTitle>}
      description={text.description}
      footer={
        outcome === 'declined'
          ? 'Need help? Contact Ferry support, or the person who invited you, if you think this is a mistake.'
          : undefined
      }
    >
      {isDone ? (
        continueLink
      ) : (
        <Stack gap="sm">
          <ErrorAlert>{retry.error}</ErrorAlert>
          <Button size="md" fullWidth loading={retry.isPending} onClick={() => void retry.begin()}>
            Try again
          </Button>
          {continueLink}
          {outcome === 'cancelled' ? (
            <Text size="xs" c="dimmed" ta="center">
              Continue now and come back to verify later.
            </Text>
          ) : null}
        </Stack>
      )}
    </AuthLayout>
  );
};
