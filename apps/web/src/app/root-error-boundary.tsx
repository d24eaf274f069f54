import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { DEFAULT_ERROR_MESSAGE } from '@/lib/api-error';
import { NotFound } from './routes/not-found';

/** The router's top-level `errorElement`: a 404 answer shows the not-found page; anything else the generic
 * message with a retry (a full reload, which also recovers from a stale lazy chunk after a deploy). */
export const RootErrorBoundary = () => {
  const error = useRouteError();

  useEffect(() => {
    if (!(isRouteErrorResponse(error) && error.status === 404)) console.error('[app] route error', error);
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;

  return (
    <Center mih="100dvh" p="xl" bg="var(--ferry-page-bg)">
      <Stack align="center" gap="md" maw={440} ta="center" role="alert">
        <ThemeIcon size={56} radius="xl" color="red" variant="light">
          <IconAlertTriangle size={28} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz="h3">
          {DEFAULT_ERROR_MESSAGE}
        </Title>
        <Text c="dimmed" size="sm">
          If this keeps happening, reload the page or come back in a few minutes.
        </Text>
        <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => window.location.reload()}>
          Try again
        </Button>
      </Stack>
    </Center>
  );
};
