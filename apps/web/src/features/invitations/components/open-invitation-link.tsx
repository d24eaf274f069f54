import { paths } from '@ferry/domain';
import { Button, Loader, Stack, Text } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { BotCheckError, getBotCheckToken } from '@/lib/bot-check';
import { verifyInvitationToken } from '../api/open-invitation';
import { useContinueInvitation } from '../hooks/use-continue-invitation';

/** Answers that mean the link itself is no good (unknown, used, expired, wrong kind). */
const isInvalidLinkAnswer = (error: unknown): boolean =>
  isApiError(error) && [400, 404, 410].includes(error.statusCode);

/**
 * `/accept-invitation?token=`: opens an emailed invitation link (`POST /auth/invitation/verify/{token}`
 * with a bot-check token), stores it and moves on. An invalid link goes to /invalid-link, a forbidden one
 * to /unauthorized (spec 000 §8); anything else can be retried.
 */
export const OpenInvitationLink = ({ token }: { token: string }) => {
  const navigate = useNavigate();
  const continueInvitation = useContinueInvitation();
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const started = useRef<number | null>(null);

  const open = useCallback(async () => {
    setError(null);
    try {
      const recaptchaToken = await getBotCheckToken();
      const opened = await verifyInvitationToken({ token, recaptchaToken });
      await continueInvitation(opened);
    } catch (caught) {
      if (isInvalidLinkAnswer(caught)) {
        await navigate(paths.invalidLink(), { replace: true });
      } else if (isApiError(caught) && caught.statusCode === 403) {
        await navigate(paths.unauthorized(), { replace: true });
      } else {
        setError(caught instanceof BotCheckError ? caught.message : getErrorMessage(caught));
      }
    }
  }, [continueInvitation, navigate, token]);

  // Once per attempt: the link is opened on arrival and again on 'Try again'.
  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    void open();
  }, [attempt, open]);

  return (
    <AuthLayout
      icon={<IconMailOpened size={28} stroke={1.6} />}
      title={error ? "We couldn't open your invitation" : 'Opening your invitation'}
      description={error ? undefined : 'Checking your invitation link. This only takes a moment.'}
    >
      {error ? (
        <Stack gap="md">
          <ErrorAlert>{error}</ErrorAlert>
          <Button fullWidth size="md" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </Stack>
      ) : (
        <Stack align="center" gap="xs" role="status" aria-live="polite">
          <Loader type="dots" aria-hidden />
          <Text size="sm" c="dimmed">
            Opening your invitation...
          </Text>
        </Stack>
      )}
    </AuthLayout>
  );
};
