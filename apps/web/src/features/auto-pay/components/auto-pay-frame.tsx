import { Box, Container, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { LogoHomeLink } from '@/components/logo';

/** The public page frame of the auto-pay screens (logo, centred content). */
export const AutoPayFrame = ({ children }: { children: ReactNode }) => (
  <Box component="main" mih="100dvh" py="xl" px="md" bg="var(--ferry-page-bg)">
    <Container size="lg">
      <Stack gap="lg">
        <LogoHomeLink size={32} />
        {children}
      </Stack>
    </Container>
  </Box>
);
