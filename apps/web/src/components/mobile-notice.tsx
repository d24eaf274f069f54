import { MESSAGES } from '@ferry/domain';
import { Box, Center, Paper, Portal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useEffect, useId, useRef } from 'react';

/** Spec 000 §9: browsers narrower than 1152 px see the mobile notice. */
export const MOBILE_BREAKPOINT_PX = 1152;
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

export const useIsBelowDesktop = (): boolean => useMediaQuery(MOBILE_MEDIA_QUERY) ?? false;

/**
 * A full-screen notice over the app on narrow screens, portalled to `<body>`. The app stays mounted
 * underneath (and `#root` is made `inert`), so widening the window again loses nothing.
 */
export const MobileNotice = () => {
  const isNarrow = useIsBelowDesktop();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isNarrow) return;
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    panelRef.current?.focus();
    return () => root?.removeAttribute('inert');
  }, [isNarrow]);

  if (!isNarrow) return null;

  return (
    <Portal>
      <Box
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        pos="fixed"
        inset={0}
        bg="gray.0"
        style={{ zIndex: 1000, outline: 'none' }}
      >
        <Center h="100%" p="lg">
          <Paper withBorder shadow="sm" radius="lg" p="xl" maw={420}>
            <Stack align="center" gap="md" ta="center">
              <ThemeIcon size={56} radius="xl" variant="light">
                <IconDeviceDesktop size={28} stroke={1.6} aria-hidden />
              </ThemeIcon>
              <Title order={2} id={titleId} fz="h3">
                {MESSAGES.mobileBrowserTitle}
              </Title>
              <Text c="dimmed">
                Ferry is built for larger screens. For the best experience, please open it in a desktop
                browser with a window at least {MOBILE_BREAKPOINT_PX} pixels wide.
              </Text>
            </Stack>
          </Paper>
        </Center>
      </Box>
    </Portal>
  );
};
