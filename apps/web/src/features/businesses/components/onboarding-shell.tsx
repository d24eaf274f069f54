import { Anchor, Box, Container, Group, Paper, Stepper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LegalFooter } from '@/components/legal-footer';
import { Logo } from '@/components/logo';
import { getHomeHref } from '@/config/paths';
import { useCurrentUser } from '@/lib/session';
import { useSignOut } from '@/lib/sign-out';
import { useActiveBusinessId } from '@/lib/use-stored-value';

const BACKGROUND =
  'radial-gradient(1100px 480px at 90% -10%, var(--mantine-color-ferry-1), transparent 60%), linear-gradient(180deg, #f3f9fb 0%, var(--ferry-page-bg) 100%)';

/** The onboarding steps in order (spec 000 §2): details, then bank and accounting (US), then done. */
export const ONBOARDING_STEPS = ['Business details', 'Link bank', 'Connect accounting'] as const;

export type OnboardingStepIndex = 0 | 1 | 2 | 3;

export type OnboardingShellProps = {
  /** Which step is current; 3 marks every step done. Without it no progress is shown. */
  step?: OnboardingStepIndex;
  children: ReactNode;
  cardWidth?: number;
};

/** The signed-in user's email and a 'Sign out' button, at the right of the onboarding header. */
const SignedInAs = () => {
  const { data: user } = useCurrentUser();
  const { signOut, isPending } = useSignOut();
  return (
    <Text size="sm" c="dimmed">
      {user?.email ? `Signed in as ${user.email} · ` : null}
      <Anchor component="button" type="button" size="sm" onClick={() => void signOut()} disabled={isPending}>
        Sign out
      </Anchor>
    </Text>
  );
};

/**
 * The frame of business onboarding: the logo (to the active business's home, else the start of
 * onboarding), who is signed in with 'Sign out', the step progress, and the page's card.
 */
export const OnboardingShell = ({ step, children, cardWidth = 560 }: OnboardingShellProps) => {
  const activeBusinessId = useActiveBusinessId();
  return (
    <Box mih="100dvh" style={{ background: BACKGROUND, display: 'flex', flexDirection: 'column' }}>
      <Container component="header" size="lg" w="100%" py="lg">
        <Group justify="space-between">
          <Anchor
            component={Link}
            to={getHomeHref(activeBusinessId)}
            aria-label="Ferry home"
            underline="never"
          >
            <Logo />
          </Anchor>
          <SignedInAs />
        </Group>
      </Container>

      <Container component="main" size="lg" w="100%" py={{ base: 'md', md: 32 }} style={{ flex: 1 }}>
        {step === undefined ? null : (
          <Box maw={Math.max(cardWidth, 640)} mx="auto" mb="xl">
            <Stepper
              active={step}
              size="sm"
              allowNextStepsSelect={false}
              aria-label="Onboarding progress"
              styles={{ stepBody: { marginInlineStart: 8 }, separator: { minWidth: 20, marginInline: 10 } }}
            >
              {ONBOARDING_STEPS.map((label) => (
                <Stepper.Step key={label} label={label} />
              ))}
            </Stepper>
          </Box>
        )}
        <Box maw={cardWidth} mx="auto">
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 40 }} bg="white">
            {children}
          </Paper>
        </Box>
      </Container>

      <LegalFooter size="xs" />
    </Box>
  );
};
