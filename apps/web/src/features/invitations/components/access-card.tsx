import { Anchor, Box, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';

const PAGE_BACKGROUND =
  'radial-gradient(900px 420px at 50% -8%, var(--mantine-color-ferry-0), transparent 70%), var(--ferry-page-bg)';

export type AccessCardProps = {
  /** A Tabler icon element, shown in a tinted circle above the title. */
  icon?: ReactNode;
  iconColor?: string;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Below the card, e.g. a sign-in link. */
  footer?: ReactNode;
};

/** The centred card of the access pages (invitations, invalid link, unauthorized, no business). */
export const AccessCard = ({
  icon,
  iconColor = 'ferry',
  title,
  description,
  children,
  footer,
}: AccessCardProps) => (
  <Center component="main" mih="100dvh" px="md" py={48} style={{ background: PAGE_BACKGROUND }}>
    <Stack w="100%" maw={480} gap="xl">
      <Center>
        <Anchor component={Link} to="/" aria-label="Ferry home" underline="never">
          <Logo size={30} />
        </Anchor>
      </Center>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', xs: 36 }}>
        <Stack gap="lg">
          <Stack gap="sm" align="center" ta="center">
            {icon ? (
              <ThemeIcon size={56} radius="xl" variant="light" color={iconColor} aria-hidden>
                {icon}
              </ThemeIcon>
            ) : null}
            <Title order={1} fz={24} lh={1.25} lts="-0.01em">
              {title}
            </Title>
            {description ? (
              <Box c="dimmed" fz="sm" lh={1.6}>
                {typeof description === 'string' ? <Text inherit>{description}</Text> : description}
              </Box>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
      {footer ? (
        <Text size="sm" c="dimmed" ta="center">
          {footer}
        </Text>
      ) : null}
    </Stack>
  </Center>
);
