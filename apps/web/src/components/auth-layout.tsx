import { Box, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LogoHomeLink } from './logo';

const PAGE_BACKGROUND =
  'radial-gradient(900px 420px at 50% -12%, var(--mantine-color-ferry-1), transparent 70%), var(--ferry-page-bg)';

export type AuthLayoutProps = {
  title: ReactNode;
  /** Under the title: a string, or richer content (several paragraphs, bold names). */
  description?: ReactNode;
  /** A Tabler icon element, shown in a tinted circle above the title; the heading is then centred. */
  icon?: ReactNode;
  iconColor?: string;
  children?: ReactNode;
  /** Shown under the card (e.g. 'Create an account', 'Back to sign in'). */
  footer?: ReactNode;
};

/**
 * The frame of the signed-out and access pages (sign-in, passwords, invitations, invalid link,
 * unauthorized, no business): the Ferry logo over a centred card holding the page's heading and content.
 */
export const AuthLayout = ({
  title,
  description,
  icon,
  iconColor = 'ferry',
  children,
  footer,
}: AuthLayoutProps) => (
  <Center component="main" mih="100dvh" px="md" py={48} style={{ background: PAGE_BACKGROUND }}>
    <Stack w="100%" maw={440} gap="xl">
      <Center>
        <LogoHomeLink size={36} />
      </Center>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 36 }}>
        <Stack gap="lg">
          <Stack gap={icon ? 'sm' : 6} align={icon ? 'center' : undefined} ta={icon ? 'center' : undefined}>
            {icon ? (
              <ThemeIcon size={56} radius="xl" variant="light" color={iconColor} aria-hidden>
                {icon}
              </ThemeIcon>
            ) : null}
            <Title order={1} fz={26} lh={1.2} lts="-0.02em">
              {title}
            </Title>
            {description ? (
              <Box c="dimmed" fz="sm" lh={1.55}>
                {typeof description === 'string' ? <Text inherit>{description}</Text> : description}
              </Box>
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
);
