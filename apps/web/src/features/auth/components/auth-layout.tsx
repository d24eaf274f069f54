import { Anchor, Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';

const PAGE_BACKGROUND =
  'radial-gradient(900px 420px at 50% -12%, var(--mantine-color-ferry-1), transparent 70%), var(--ferry-page-bg)';

export type AuthLayoutProps = {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Shown under the card (e.g. 'Create an account'). */
  footer?: ReactNode;
};

/** The signed-out pages' frame: the Ferry logo over a centred card holding the page's heading and form. */
export const AuthLayout = ({ title, description, children, footer }: AuthLayoutProps) => (
  <Box component="main" mih="100dvh" style={{ background: PAGE_BACKGROUND }}>
    <Center mih="100dvh" px="md" py={48}>
      <Stack w="100%" maw={440} gap="xl">
        <Center>
          <Anchor component={Link} to={paths.landing.getHref()} aria-label="Ferry home" underline="never">
            <Logo size={36} />
          </Anchor>
        </Center>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 36 }}>
          <Stack gap="lg">
            <Stack gap={6}>
              <Title order={1} fz={26} lh={1.2} lts="-0.02em">
                {title}
              </Title>
              {description ? (
                <Text c="dimmed" size="sm" lh={1.55}>
                  {description}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer ? (
          <Text ta="center" size="sm" c="dimmed">
            {footer}
          </Text>
        ) : null}
      </Stack>
    </Center>
  </Box>
);
