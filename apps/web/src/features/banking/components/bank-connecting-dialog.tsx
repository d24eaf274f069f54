import { Loader, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

/** Spec 002 §2, §9: five messages every 1.4 s, success at 7 s (once the bank answered), closed 1.2 s later. */
export const BANK_CONNECTING_TIMINGS = {
  rotationMs: 1_400,
  successAtMs: 7_000,
  closeAfterSuccessMs: 1_200,
} as const;

export const BANK_CONNECTING_MESSAGES = [
  'Connecting to your bank...',
  'Verifying your account details...',
  'Checking the account can send and receive payments...',
  'Securing your connection...',
  'Almost there...',
] as const;

export const BANK_CONNECTED_TEXT = 'Bank account connected';

export type BankConnectingDialogProps = {
  opened: boolean;
  /** The server has stored the bank: success shows at 7 s, or as soon as this turns true after that. */
  isDone: boolean;
  /** 1.2 s after success shows. */
  onFinished: () => void;
};

const ConnectingBody = ({ isDone, onFinished }: Omit<BankConnectingDialogProps, 'opened'>) => {
  const [index, setIndex] = useState(0);
  const [minimumElapsed, setMinimumElapsed] = useState(false);
  const onFinishedRef = useRef(onFinished);
  onFinishedRef.current = onFinished;
  const isSuccess = minimumElapsed && isDone;

  useEffect(() => {
    const { rotationMs, successAtMs } = BANK_CONNECTING_TIMINGS;
    const rotation = setInterval(
      () => setIndex((current) => (current + 1) % BANK_CONNECTING_MESSAGES.length),
      rotationMs,
    );
    const minimum = setTimeout(() => setMinimumElapsed(true), successAtMs);
    return () => {
      clearInterval(rotation);
      clearTimeout(minimum);
    };
  }, []);

  useEffect(() => {
    if (!isSuccess) return;
    const close = setTimeout(() => onFinishedRef.current(), BANK_CONNECTING_TIMINGS.closeAfterSuccessMs);
    return () => clearTimeout(close);
  }, [isSuccess]);

  return (
    <Stack align="center" gap="lg" ta="center" py="md" mih={200} justify="center">
      {isSuccess ? (
        <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden>
          <IconCircleCheck size={36} stroke={1.6} />
        </ThemeIcon>
      ) : (
        <Loader size="lg" aria-hidden />
      )}
      <Title order={2} fz="h3">
        {isSuccess ? BANK_CONNECTED_TEXT : 'Connecting your bank'}
      </Title>
      <Text c="dimmed" size="sm" role="status" aria-live="polite" mih={40} maw={340}>
        {isSuccess ? 'Your bank account is linked.' : BANK_CONNECTING_MESSAGES[index]}
      </Text>
    </Stack>
  );
};

/**
 * The bank-connecting progress dialog (spec 002 §2): cannot be dismissed while it works; rotates five
 * messages every 1.4 s, shows success at 7 s (or when the server answers, if later) and closes 1.2 s later.
 */
export const BankConnectingDialog = ({ opened, isDone, onFinished }: BankConnectingDialogProps) => (
  // The compound modal: the accessible name must sit on the dialog element itself (Modal's own
  // aria-label lands on its outer wrapper, leaving the dialog unnamed).
  <Modal.Root
    opened={opened}
    onClose={() => undefined}
    closeOnClickOutside={false}
    closeOnEscape={false}
    centered
    radius="lg"
    padding="xl"
  >
    <Modal.Overlay />
    <Modal.Content aria-label="Connecting your bank">
      <Modal.Body>{opened ? <ConnectingBody isDone={isDone} onFinished={onFinished} /> : null}</Modal.Body>
    </Modal.Content>
  </Modal.Root>
);
