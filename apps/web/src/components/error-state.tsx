import { MESSAGES } from '@ferry/domain';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { getErrorMessage } from '@/lib/api-error';

export type ErrorStateProps = {
  /** The failure; its user-facing message is shown. */
  error: unknown;
  onRetry?: () => void;
  /** A heading over the message. */
  title?: string;
  /** What the alert says; 'Error loading data: {message}' unless given. */
  message?: string;
};

/** Spec 000 §8: 'Error loading data: {message}', with 'Try again' when the load can be retried. */
export const ErrorState = ({ error, onRetry, title, message }: ErrorStateProps) => (
  <Alert
    role="alert"
    color="red"
    variant="light"
    radius="md"
    icon={<IconAlertTriangle size={20} aria-hidden />}
    title={title}
  >
    <Group justify="space-between" align="center" gap="md">
      <Text size="sm">{message ?? MESSAGES.errorLoadingData(getErrorMessage(error))}</Text>
      {onRetry ? (
        <Button
          size="xs"
          variant="white"
          color="red"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onRetry}
        >
          Try again
        </Button>
      ) : null}
    </Group>
  </Alert>
);
