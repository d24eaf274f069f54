import { Center, Loader, Stack, Text } from '@mantine/core';

export type PageLoaderProps = { label?: string; fullScreen?: boolean };

/** Centered spinner announced to screen readers. */
export const PageLoader = ({ label = 'Loading...', fullScreen = false }: PageLoaderProps) => (
  <Center
    h={fullScreen ? '100dvh' : undefined}
    mih={fullScreen ? undefined : 240}
    role="status"
    aria-live="polite"
  >
    <Stack align="center" gap="sm">
      <Loader size="md" type="dots" aria-hidden />
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Stack>
  </Center>
);
