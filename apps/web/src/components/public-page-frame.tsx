import { Box, Container, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { LogoHomeLink } from '@/components/logo';

/** The frame of the public flows outside the app shell (the guest and auto-pay screens): logo, then the page. */
export const PublicPageFrame = ({ children }: { children: ReactNode }) => (
  <Box component="main" mih="100dvh" py="xl" px="md" bg="var(--ferry-page-bg)">
    <Container size="lg">
      <Stack gap="lg">
        <LogoHomeLink size={32} />
        {children}
      </Stack>
    </Container>
  </Box>
);
