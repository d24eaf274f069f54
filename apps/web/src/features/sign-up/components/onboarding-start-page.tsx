/*
 * Placeholder start of business onboarding for the access issue: where a new account lands after choosing
 * its account type. Issue 4 (business onboarding) replaces this page with the real first step.
 */
import { Anchor, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useCurrentUser } from '@/lib/session';
import { useSignOut } from '@/lib/sign-out';
import { AuthShell } from './auth-shell';

/** `/onboard/b/add`: the start of business onboarding. */
export function OnboardingStartPage() {
  const { data: user } = useCurrentUser();
  const { signOut, isPending } = useSignOut();
  return (
    <AuthShell cardWidth={520}>
      <Stack gap="lg" align="flex-start">
        <ThemeIcon size={52} radius="md" variant="light">
          <IconBuildingBank size={28} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Stack gap={6}>
          {user ? (
            <Text size="sm" c="dimmed">
              Welcome, {user.firstName} {user.lastName}
            </Text>
          ) : null}
          <Title order={1} fz={28} lts="-0.02em">
            Let's set up your business
          </Title>
          <Text c="dimmed">Next, you'll add your business details.</Text>
        </Stack>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => void signOut()}
          disabled={isPending}
        >
          Sign out
        </Anchor>
      </Stack>
    </AuthShell>
  );
}
