import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { Component, type ReactNode, useEffect } from 'react';
import { DEFAULT_ERROR_MESSAGE } from '@/lib/api-error';

/** What the app shows when a page fails to render (a failed chunk load included): the generic message with
 * a retry (a full reload, which also recovers from a stale lazy chunk after a deploy). */
export const RootErrorBoundary = ({ error }: { error: unknown }) => {
  useEffect(() => {
    console.error('[app] route error', error);
  }, [error]);

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

type RouteErrorBoundaryProps = {
  /** When it changes (the path), a page that failed is tried again. */
  resetKey: string;
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
};

/** Catches what a page throws while rendering (a failed chunk load included) and shows `fallback`. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { error: unknown; key: string }> {
  override state = { error: undefined as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : this.props.fallback(this.state.error);
  }
}
