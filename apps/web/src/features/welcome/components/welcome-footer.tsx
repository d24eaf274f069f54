import { Anchor, Container, Group, Text } from '@mantine/core';
import { env } from '@/config/env';

export const WelcomeFooter = () => (
  <Container component="footer" size="lg" py="xl">
    <Group justify="space-between" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} pt="lg">
      <Text size="sm" c="dimmed">
        © {new Date().getFullYear()} Ferry
      </Text>
      <Group gap="lg" component="nav" aria-label="Legal">
        <Anchor href={env.privacyPolicyUrl} size="sm" c="dimmed">
          Privacy Policy
        </Anchor>
        <Anchor href={env.termsOfServiceUrl} size="sm" c="dimmed">
          Terms of Service
        </Anchor>
      </Group>
    </Group>
  </Container>
);
