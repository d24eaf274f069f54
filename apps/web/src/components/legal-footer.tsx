import { Anchor, Container, Group, Text } from '@mantine/core';
import { env } from '@/config/env';

export type LegalFooterProps = {
  /** `xs` under the compact sign-up frame, `sm` on the welcome page. */
  size?: 'xs' | 'sm';
  /** A rule above the links, with more room around them (the welcome page). */
  withDivider?: boolean;
};

/** The foot of the public pages: '© {year} Ferry' and the Privacy Policy and Terms of Service links. */
export const LegalFooter = ({ size = 'sm', withDivider = false }: LegalFooterProps) => (
  <Container component="footer" size="lg" w="100%" py={withDivider ? 'xl' : 'lg'}>
    <Group
      justify="space-between"
      pt={withDivider ? 'lg' : undefined}
      style={withDivider ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
    >
      <Text size={size} c="dimmed">
        © {new Date().getFullYear()} Ferry
      </Text>
      <Group gap="lg" component="nav" aria-label="Legal">
        <Anchor href={env.privacyPolicyUrl} size={size} c="dimmed">
          Privacy Policy
        </Anchor>
        <Anchor href={env.termsOfServiceUrl} size={size} c="dimmed">
          Terms of Service
        </Anchor>
      </Group>
    </Group>
  </Container>
);
