import { Alert, Badge, Box, Container, Group, type MantineSize, Text, ThemeIcon } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type SandboxFrameProps = {
  /** The provider's mark in the header (an 18px icon). */
  icon: ReactNode;
  /** The provider's name in the header ('Sandbox Bank'). */
  name: string;
  /** The width of the header and of the page's content. */
  headerSize: MantineSize;
  contentSize: MantineSize;
  /** The test-mode notice above the content: its title and what the page stands in for. */
  noticeTitle: string;
  notice: ReactNode;
  children: ReactNode;
};

/**
 * The frame of a sandbox provider's page: deliberately not Ferry's look (a plain grey page, a small
 * provider header, no Ferry logo or shell), with a 'Test mode' badge and a notice that this is a test page.
 */
export const SandboxFrame = ({
  icon,
  name,
  headerSize,
  contentSize,
  noticeTitle,
  notice,
  children,
}: SandboxFrameProps) => (
  <Box mih="100dvh" bg="gray.1" c="dark.7">
    <Box
      component="header"
      bg="white"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size={headerSize}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon size={28} radius="sm" color="dark" variant="filled" aria-hidden>
              {icon}
            </ThemeIcon>
            <Text fw={600} size="sm">
              {name}
            </Text>
          </Group>
          <Badge color="yellow" variant="light" radius="sm" tt="none">
            Test mode
          </Badge>
        </Group>
      </Container>
    </Box>
    <Container component="main" size={contentSize} py="xl">
      <Alert
        color="yellow"
        variant="light"
        radius="sm"
        mb="lg"
        icon={<IconFlask size={18} aria-hidden />}
        title={noticeTitle}
        role="note"
      >
        {notice}
      </Alert>
      {children}
    </Container>
  </Box>
);
