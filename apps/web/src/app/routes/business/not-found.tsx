import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';

/**
 * Route module for React Router `lazy`: any unknown page under `/b/{businessId}`. It stays inside the
 * app shell, so the business switcher still works (and rewrites the path by the rules of spec 002 §2).
 */
export const Component = () => {
  const { businessId = '' } = useParams();
  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p="xl"
      maw={560}
      mx="auto"
      mt="xl"
      aria-labelledby="business-not-found"
    >
      <Stack align="center" gap="sm" ta="center">
        <Text fw={700} c="ferry.7" fz={48} lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} fz="h2" id="business-not-found">
          Page not found
        </Title>
        <Text c="dimmed">This page does not exist for this business, or it has moved.</Text>
        <Button component={Link} to={paths.business.home.getHref(businessId)} mt="sm">
          Go to business home
        </Button>
      </Stack>
    </Paper>
  );
};
