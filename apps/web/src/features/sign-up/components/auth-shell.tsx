import { Box, Container, Group, Paper, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { LegalFooter } from '@/components/legal-footer';
import { LogoHomeLink } from '@/components/logo';

const BACKGROUND =
  'radial-gradient(1100px 480px at 90% -10%, var(--mantine-color-ferry-1), transparent 60%), linear-gradient(180deg, #f3f9fb 0%, var(--ferry-page-bg) 100%)';

export type AuthShellProps = {
  children: ReactNode;
  /** Marketing or context panel shown beside the card on wide screens. */
  aside?: ReactNode;
  /** Shown at the right of the header (e.g. 'Already have an account? Sign in'). */
  headerAction?: ReactNode;
  /** Card width when there is no aside. */
  cardWidth?: number;
};

/** The frame of the sign-up pages: logo header, a card (beside an optional panel) and legal links. */
export const AuthShell = ({ children, aside, headerAction, cardWidth = 480 }: AuthShellProps) => {
  const card = (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 40 }} bg="white">
      {children}
    </Paper>
  );
  return (
    <Box mih="100dvh" style={{ background: BACKGROUND, display: 'flex', flexDirection: 'column' }}>
      <Container component="header" size="lg" w="100%" py="lg">
        <Group justify="space-between">
          <LogoHomeLink />
          {headerAction}
        </Group>
      </Container>

      <Container component="main" size="lg" w="100%" py={{ base: 'md', md: 40 }} style={{ flex: 1 }}>
        {aside ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={64} style={{ alignItems: 'center' }}>
            <Box visibleFrom="md">{aside}</Box>
            <Box maw={520} w="100%" mx="auto">
              {card}
            </Box>
          </SimpleGrid>
        ) : (
          <Box maw={cardWidth} mx="auto">
            {card}
          </Box>
        )}
      </Container>

      <LegalFooter size="xs" />
    </Box>
  );
};
