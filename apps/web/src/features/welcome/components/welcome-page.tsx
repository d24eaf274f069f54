import { Badge, Box, Button, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LegalFooter } from '@/components/legal-footer';
import { LogoHomeLink } from '@/components/logo';
import { TrustBadges } from '@/components/trust-badges';
import { paths } from '@/config/paths';
import { PaymentPreview } from './payment-preview';
import { WelcomeFeatures } from './welcome-features';

const HERO_BACKGROUND =
  'radial-gradient(1200px 500px at 85% -10%, var(--mantine-color-ferry-1), transparent 60%), linear-gradient(180deg, #f3f9fb 0%, var(--ferry-page-bg) 100%)';

/** The public welcome page: the marketing panel of spec 000 §1. */
export const WelcomePage = () => (
  <Box mih="100dvh" style={{ background: HERO_BACKGROUND }}>
    <Container component="header" size="lg" py="lg">
      <Group justify="space-between">
        <LogoHomeLink />
        <Group gap="sm">
          <Button component={Link} to={paths.signIn.getHref()} variant="subtle">
            Sign in
          </Button>
          <Button component={Link} to={paths.signUp.getHref()}>
            Get started
          </Button>
        </Group>
      </Group>
    </Container>

    <Container component="main" size="lg" pt={56} pb={96}>
      <Grid gap={64} align="center">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="lg">
            <Badge variant="light" size="lg" radius="sm" tt="none" w="fit-content">
              Instant payments, around the clock
            </Badge>
            <Title order={1} fz={{ base: 40, md: 54 }} lh={1.05} lts="-0.03em">
              Receive payments quickly
            </Title>
            <Text fz="lg" c="dimmed" lh={1.6} maw={520}>
              Pay vendors and get paid by customers from one place. Instant payments settle around the clock,
              and bank-to-bank transfers save up to 80% on processing fees.
            </Text>
            <Group gap="sm">
              <Button component={Link} to={paths.signUp.getHref()} size="lg">
                Create your account
              </Button>
            </Group>
            <TrustBadges />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Box px={{ base: 0, md: 'xl' }}>
            <PaymentPreview />
          </Box>
        </Grid.Col>
      </Grid>

      <Stack gap="xl" mt={120}>
        <Stack gap={6} maw={560}>
          <Text size="sm" fw={700} c="ferry.7" tt="uppercase" lts="0.08em">
            Cash flow, under control
          </Text>
          <Title order={2} fz={32} lts="-0.02em">
            Everything you need to get paid on time
          </Title>
        </Stack>
        <WelcomeFeatures />
      </Stack>
    </Container>

    <LegalFooter withDivider />
  </Box>
);
