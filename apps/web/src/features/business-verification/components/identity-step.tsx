import { MESSAGES } from '@ferry/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconUserCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { StatusBadge } from '@/components/status-badge';
import { DEFAULT_ERROR_MESSAGE, isApiError } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/session';
import { setStored } from '@/lib/storage';
import type { VerificationFormView } from '../api/get-verification-form';
import { useStartBusinessVerification } from '../api/start-business-verification';
import { browserLocation } from '../utils/browser-location';
import { getPersonStatusView, isUserVerificationDone } from '../utils/status';
import { isSubmitted } from '../utils/steps';

/** Spec 000 §8: the server's message, else 'Failed to start verification'; a thrown exception is
 * 'Failed to initialize verification process'. */
export const getStartFailureMessage = (error: unknown): string => {
  if (!isApiError(error)) return MESSAGES.verificationInitFailed;
  return error.message && error.message !== DEFAULT_ERROR_MESSAGE
    ? error.message
    : MESSAGES.verificationStartFailed;
};

const describeIdentity = (step: string): string => {
  if (isUserVerificationDone(step)) return 'Your identity is verified.';
  if (step === 'ACTION_REQUIRED') return "Your identity verification wasn't finished. Please try again.";
  return "You haven't verified your identity yet.";
};

export type IdentityStepProps = {
  businessId: string;
  view: VerificationFormView;
  onNext: () => void;
};

/**
 * Step 1: the signed-in user's identity. Until it is verified, 'Verify your identity' starts the
 * provider's hosted check (`POST /business/{id}/verification/init`) after noting this page as the place
 * to come back to.
 */
export const IdentityStep = ({ businessId, view, onNext }: IdentityStepProps) => {
  const location = useLocation();
  const { data: user } = useCurrentUser();
  const start = useStartBusinessVerification(businessId);
  const [failure, setFailure] = useState<string | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);
  const done = isUserVerificationDone(view.identity.verificationStep);
  const status = getPersonStatusView(done ? 'VERIFIED' : view.identity.status);
  const mayStart = !done && view.canEdit;

  const handleStart = async () => {
    setFailure(null);
    let hostedUrl: string;
    try {
      ({ hostedUrl } = await start.mutateAsync());
    } catch (error) {
      setFailure(getStartFailureMessage(error));
      return;
    }
    try {
      // The identity page comes back here when the hosted check is over.
      setStored('verificationReturnUrl', `${location.pathname}${location.search}`);
      setIsLeaving(true);
      browserLocation.assign(hostedUrl);
    } catch {
      setIsLeaving(false);
      setFailure(MESSAGES.verificationInitFailed);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {user?.firstName ? `${user.firstName}, as` : 'As'} the person starting the verification of{' '}
        {view.businessName}, you confirm who you are with a photo ID first. It takes a few minutes on our
        verification partner's page.
      </Text>
      <Group gap="sm">
        <IconUserCheck size={20} aria-hidden />
        <Text size="sm" fw={600}>
          Identity status
        </Text>
        <StatusBadge label={status.label} colour={status.colour} />
      </Group>
      <Text size="sm">{describeIdentity(view.identity.verificationStep)}</Text>
      {!done && !view.canEdit && !isSubmitted(view.status) ? (
        <Text size="sm" c="dimmed" role="note">
          Only members who may edit the business can start its verification.
        </Text>
      ) : null}
      <ErrorAlert>{failure}</ErrorAlert>
      <Group justify="flex-end" gap="sm">
        {mayStart ? (
          <>
            <Button variant="default" onClick={onNext}>
              Skip for now
            </Button>
            <Button
              leftSection={<IconExternalLink size={16} aria-hidden />}
              loading={start.isPending || isLeaving}
              onClick={() => void handleStart()}
            >
              Verify your identity
            </Button>
          </>
        ) : (
          <Button onClick={onNext}>Continue</Button>
        )}
      </Group>
    </Stack>
  );
};
