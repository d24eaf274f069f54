import { paths } from '@ferry/domain';
import { Anchor, Button, List, Stack, Text } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';

/** `/invalid-link`: an invitation or emailed link that is unknown, used, expired or failed to load. */
export const InvalidLinkPage = () => (
  <AuthLayout
    icon={<IconLinkOff size={28} stroke={1.6} />}
    iconColor="orange"
    title="This link is invalid or has expired"
    description="Invitation links can be used once and stop working after 72 hours. The link may also have been replaced by a newer one."
    footer={
      <>
        Trying to reset your password?{' '}
        <Anchor component={Link} to={paths.forgotPassword()} fw={600}>
          Request a new reset link
        </Anchor>
      </>
    }
  >
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        What you can do
      </Text>
      <List size="sm" spacing={6} c="dimmed">
        <List.Item>Ask the person who invited you to send a new invitation.</List.Item>
        <List.Item>Already accepted? Sign in with the email address the invitation was sent to.</List.Item>
      </List>
    </Stack>
    <Button component={Link} to={paths.signin()} fullWidth size="md">
      Go to sign in
    </Button>
  </AuthLayout>
);
