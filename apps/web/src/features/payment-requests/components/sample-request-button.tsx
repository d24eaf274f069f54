import { MESSAGES } from '@ferry/domain';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFlask } from '@tabler/icons-react';
import { isApiError } from '@/lib/api-error';
import { useSandboxPaymentRequests, useSendSamplePaymentRequest } from '../api/payment-requests-api';

/**
 * Sandbox only: 'Send a sample payment request' — the sandbox's sample supplier sends this business an
 * invoice, so a tester can see For Review work. Renders nothing outside the sandbox.
 */
export const SampleRequestButton = ({ businessId }: { businessId: string }) => {
  const sandbox = useSandboxPaymentRequests();
  const send = useSendSamplePaymentRequest(businessId);
  if (!sandbox.data) return null;
  const senderName = sandbox.data.senderName;
  return (
    <Button
      variant="light"
      leftSection={<IconFlask size={16} aria-hidden />}
      loading={send.isPending}
      onClick={() =>
        send.mutate(undefined, {
          onSuccess: (result) =>
            notifications.show({
              color: 'teal',
              message: `${senderName} sent you invoice ${result.refNo}.`,
            }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              message:
                isApiError(error) && error.statusCode < 500 ? error.message : MESSAGES.somethingWentWrongDot,
            }),
        })
      }
    >
      Send a sample payment request
    </Button>
  );
};
