import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';

export const NotFound = () => (
  <Center component="main" mih="100dvh" p="xl" bg="var(--ferry-page-bg)">
    <Stack align="center" gap="md" maw={440} ta="center">
      <Logo size={28} />
      <Text fw={700} c="ferry.7" fz={56} lh={1} mt="lg" aria-hidden>
        404
      </Text>
      <Title order={1} fz="h2">
        Page not found
      </Title>
      <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
      <Button component={Link} to={paths.landing.getHref()} mt="sm">
        Go to home page
      </Button>
    </Stack>
  </Center>
);
