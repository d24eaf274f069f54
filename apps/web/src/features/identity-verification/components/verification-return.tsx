import { Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { AuthLayout } from '@/components/auth-layout';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage } from '@/lib/api-error';
import { useFinishVerification } from '../api/finish-verification';
import { FocusedTitle } from './focused-title';
import { VerificationResultCard } from './verification-result';

export type VerificationReturnProps = {
  inquiryId: string;
  /** The status the hosted page appended: only 'cancelled' matters (cancel, not complete). */
  status: string | null;
  flowBusinessId: string | null;
};

/**
 * `/verify/identity?inquiry-id=…&status=…`: back from the hosted page. Tells the server (cancel or
 * complete; the server asks the provider), shows progress meanwhile, then the result.
 */
export const VerificationReturn = ({ inquiryId, status, flowBusinessId }: VerificationReturnProps) => {
  const finish = useFinishVerification();
  const { mutate } = finish;
  const cancelled = status?.trim().toLowerCase() === 'cancelled';
  const sent = useRef(false);

  useEffect(() => {
    // Once per inquiry (a development double render must not call the server twice).
    if (sent.current) return;
    sent.current = true;
    mutate({ inquiryId, cancelled });
  }, [mutate, inquiryId, cancelled]);

  if (finish.isSuccess) {
    return <VerificationResultCard result={finish.data} flowBusinessId={flowBusinessId} />;
  }

  if (finish.isError) {
    return (
      <AuthLayout
        icon={<IconAlertTriangle size={28} stroke={1.6} />}
        iconColor="red"
        title={<FocusedTitle>We couldn’t check your verification</FocusedTitle>}
      >
        <ErrorAlert>{getErrorMessage(finish.error)}</ErrorAlert>
        <Button size="md" fullWidth onClick={() => mutate({ inquiryId, cancelled })}>
          Try again
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Checking your verification…">
      <Stack align="center" gap="sm" py="md" role="status" aria-live="polite">
        <Loader type="dots" aria-hidden />
        <Text size="sm" c="dimmed" ta="center">
          Checking your verification with our identity partner. This takes a moment.
        </Text>
      </Stack>
    </AuthLayout>
  );
};
