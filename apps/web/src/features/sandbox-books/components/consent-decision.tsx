import { Button, Group, Text } from '@mantine/core';

export type ConsentChoice = 'ALLOW' | 'DENY';

/** Allow and Deny, the chosen one spinning while it is sent and the browser leaves. */
export const ConsentDecision = ({
  pending,
  leaving,
  onDecide,
  disabled = false,
}: {
  /** The decision being sent, or null. */
  pending: ConsentChoice | null;
  leaving: boolean;
  onDecide: (decision: ConsentChoice) => void;
  disabled?: boolean;
}) => {
  const isBusy = pending !== null || leaving;
  return (
    <>
      <Group grow gap="sm">
        <Button
          variant="default"
          onClick={() => onDecide('DENY')}
          loading={pending === 'DENY'}
          disabled={(isBusy || disabled) && pending !== 'DENY'}
        >
          Deny
        </Button>
        <Button
          color="dark"
          onClick={() => onDecide('ALLOW')}
          loading={pending === 'ALLOW'}
          disabled={(isBusy || disabled) && pending !== 'ALLOW'}
        >
          Allow
        </Button>
      </Group>
      {leaving ? (
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          Returning you to Ferry…
        </Text>
      ) : null}
    </>
  );
};
