import { MESSAGES } from '@ferry/domain';
import { Box, Button, Center, Paper, Portal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useState } from 'react';

/** Spec 000 §9: browsers narrower than 1152 px see the mobile notice. */
export const MOBILE_BREAKPOINT_PX = 1152;
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

export const useIsBelowDesktop = (): boolean => useMediaQuery(MOBILE_MEDIA_QUERY) ?? false;

/** Where "Continue anyway" is remembered: for this browser tab's session only. */
export const MOBILE_NOTICE_DISMISSED_KEY = 'ferry.mobile-notice.dismissed';

const readDismissed = (): boolean => {
  try {
    return window.sessionStorage.getItem(MOBILE_NOTICE_DISMISSED_KEY) === '1';
  } catch {
    return false; // storage blocked (private mode, sandboxed frame): the notice shows, and can still be dismissed
  }
};

const rememberDismissed = () => {
  try {
    window.sessionStorage.setItem(MOBILE_NOTICE_DISMISSED_KEY, '1');
  } catch {
    // not remembered; dismissed for this page load only
  }
};

/**
 * A full-screen notice over the app on narrow screens, portalled to `<body>`. The app stays mounted
 * underneath (and `#root` is made `inert`), so widening the window again loses nothing. "Continue
 * anyway" lets the person use the app at this width; the choice lasts for the browser session.
 */
export const MobileNotice = () => {
  const isBelowDesktop = useIsBelowDesktop();
  const [isDismissed, setIsDismissed] = useState(readDismissed);
  const isShown = isBelowDesktop && !isDismissed;
  const titleId = useId();
  // The portal mounts its content after this component's effects run, so focus moves when the panel appears.
  const focusOnMount = useCallback((panel: HTMLDivElement | null) => panel?.focus(), []);

  useEffect(() => {
    if (!isShown) return;
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    return () => root?.removeAttribute('inert');
  }, [isShown]);

  if (!isShown) return null;

  const continueAnyway = () => {
    rememberDismissed();
    setIsDismissed(true);
  };

  return (
    <Portal>
      <Box
        ref={focusOnMount}
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
              <Button variant="light" onClick={continueAnyway}>
                Continue anyway
              </Button>
            </Stack>
          </Paper>
        </Center>
      </Box>
    </Portal>
  );
};
