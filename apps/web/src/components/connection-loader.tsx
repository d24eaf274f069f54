import { Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

/** Spec 000 §9: a new message every 1.2 s; 'Connection Successful' at 7 s; finished 3 s after that. */
export const CONNECTION_LOADER_TIMINGS = {
  rotationMs: 1_200,
  successAtMs: 7_000,
  finishAfterSuccessMs: 3_000,
} as const;

export const CONNECTION_SUCCESS_TEXT = 'Connection Successful';

export type ConnectionKind = 'bank' | 'accounting';

/** The marketing messages that rotate while a connection is made; the sets differ by kind (spec 000 §2). */
export const CONNECTION_MESSAGES: Record<ConnectionKind, readonly string[]> = {
  bank: [
    'Connecting securely to your bank...',
    'Your credentials are encrypted and never stored by Ferry.',
    'Instant payments settle 24/7/365, even on weekends and holidays.',
    'Verified accounts let you pay vendors and get paid in seconds.',
    'Bank-to-bank payments save up to 80% on processing fees.',
  ],
  accounting: [
    'Connecting to your accounting software...',
    'Importing your vendors and customers...',
    'Syncing bills and invoices so nothing is entered twice...',
    'Matching your chart of accounts...',
    'Payments you make in Ferry are recorded in your books automatically.',
  ],
};

const TITLES: Record<ConnectionKind, string> = {
  bank: 'Linking your bank account',
  accounting: 'Connecting your accounting software',
};

export type ConnectionLoaderProps = {
  /** Which message set rotates: bank linking or an accounting connection. */
  kind: ConnectionKind;
  /** Called once, 3 s after 'Connection Successful' shows (the caller redirects). */
  onFinish: () => void;
  /** Replaces the default heading (e.g. 'Connecting to QuickBooks'). */
  title?: string;
};

/**
 * The connection loader (spec 000 §2, §9; 002 §2): rotates marketing messages every 1.2 s, shows
 * 'Connection Successful' after 7 s, and calls `onFinish` 3 s later. Announced politely to screen readers.
 */
export const ConnectionLoader = ({ kind, onFinish, title }: ConnectionLoaderProps) => {
  const messages = CONNECTION_MESSAGES[kind];
  const [index, setIndex] = useState(0);
  const [isSuccess, setIsSuccess] = useState(false);
  const onFinishRef = useRef(onFinish);
  onFinishRef.current = onFinish;

  useEffect(() => {
    const { rotationMs, successAtMs, finishAfterSuccessMs } = CONNECTION_LOADER_TIMINGS;
    const rotation = setInterval(() => setIndex((current) => (current + 1) % messages.length), rotationMs);
    const success = setTimeout(() => {
      clearInterval(rotation);
      setIsSuccess(true);
    }, successAtMs);
    const finish = setTimeout(() => onFinishRef.current(), successAtMs + finishAfterSuccessMs);
    return () => {
      clearInterval(rotation);
      clearTimeout(success);
      clearTimeout(finish);
    };
  }, [messages.length]);

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} maw={480} mx="auto" bg="white">
      <Stack align="center" gap="lg" ta="center" mih={220} justify="center">
        {isSuccess ? (
          <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCircleCheck size={36} stroke={1.6} />
          </ThemeIcon>
        ) : (
          <Loader size="lg" type="oval" aria-hidden />
        )}
        <Title order={2} fz="h3">
          {isSuccess ? CONNECTION_SUCCESS_TEXT : (title ?? TITLES[kind])}
        </Title>
        <Text c="dimmed" size="sm" mih={44} role="status" aria-live="polite" maw={360}>
          {isSuccess ? 'Taking you to the next step...' : messages[index]}
        </Text>
      </Stack>
    </Paper>
  );
};
