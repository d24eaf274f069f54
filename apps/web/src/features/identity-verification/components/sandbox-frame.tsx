import { Alert, Badge, Box, Container, Group, Text, ThemeIcon } from '@mantine/core';
import { IconFingerprint, IconFlask } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The frame of the sandbox identity provider's hosted page: deliberately not Ferry's look (a plain grey
 * page, a small provider header, no Ferry logo or shell), with a notice that this is a test page.
 */
export const SandboxFrame = ({ children }: { children: ReactNode }) => (
  <Box mih="100dvh" bg="gray.1" c="dark.7">
    <Box
      component="header"
      bg="white"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon size={28} radius="sm" color="dark" variant="filled" aria-hidden>
              <IconFingerprint size={18} />
            </ThemeIcon>
            <Text fw={600} size="sm">
              Sandbox identity provider
            </Text>
          </Group>
          <Badge color="yellow" variant="light" radius="sm" tt="none">
            Test mode
          </Badge>
        </Group>
      </Container>
    </Box>
    <Container component="main" size="xs" py="xl">
      <Alert
        color="yellow"
        variant="light"
        radius="sm"
        mb="lg"
        icon={<IconFlask size={18} aria-hidden />}
        title="This is a test page"
        role="note"
      >
        It stands in for an identity provider’s hosted check. No documents are collected: choose the outcome
        to send back.
      </Alert>
      {children}
    </Container>
  </Box>
);
