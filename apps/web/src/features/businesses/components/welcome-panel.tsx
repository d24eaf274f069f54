import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCalendarTime,
  IconChartArrowsVertical,
  IconPigMoney,
  IconRocket,
  type TablerIcon,
} from '@tabler/icons-react';
import { TrustBadges } from '@/components/trust-badges';
import { env } from '@/config/env';

const PANEL_BACKGROUND =
  'radial-gradient(700px 320px at 100% 0%, var(--mantine-color-ferry-1), transparent 70%), linear-gradient(180deg, #f7fbfc 0%, #ffffff 100%)';

type Point = { title: string; text: string; icon: TablerIcon };

const POINTS: Point[] = [
  {
    title: 'Achieve zero AR',
    text: 'Invoices, reminders and accounting sync close receivables for you.',
    icon: IconChartArrowsVertical,
  },
  { title: 'Get paid faster', text: 'Customers pay by bank or card in a few clicks.', icon: IconRocket },
  {
    title: 'Forget bank hours',
    text: 'Instant payments settle 24/7/365, holidays included.',
    icon: IconCalendarTime,
  },
  {
    title: 'Save on fees',
    text: 'Save up to 80% on processing fees with bank payments.',
    icon: IconPigMoney,
  },
];

/**
 * The welcome panel for new businesses (spec 000 §1): the marketing copy on instant payments, automation
 * and cash-flow control, the badges of two instant-payment rails and a security certification, and the
 * Privacy Policy and Terms of Service links.
 */
export const WelcomePanel = () => (
  <Paper
    component="section"
    withBorder
    radius="lg"
    p={{ base: 'lg', md: 'xl' }}
    style={{ background: PANEL_BACKGROUND }}
    aria-labelledby="welcome-panel-title"
  >
    <Stack gap="lg">
      <Stack gap="xs">
        <Badge variant="light" radius="sm" tt="none" w="fit-content">
          Instant payments, around the clock
        </Badge>
        <Title order={2} fz={26} lts="-0.02em" id="welcome-panel-title">
          Receive payments quickly
        </Title>
        <Text c="dimmed" maw={620} lh={1.6}>
          Pay vendors and get paid by customers from one place. Instant payments settle around the clock,
          every day of the year, and bank-to-bank transfers save up to 80% on processing fees.
        </Text>
      </Stack>
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 4 }}
        spacing="md"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {POINTS.map(({ title, text, icon: Icon }) => (
          <Stack component="li" key={title} gap={6}>
            <Group gap="xs" wrap="nowrap">
              <ThemeIcon size={28} radius="md" variant="light" aria-hidden>
                <Icon size={16} stroke={1.8} />
              </ThemeIcon>
              <Title order={3} fz="sm">
                {title}
              </Title>
            </Group>
            <Text size="sm" c="dimmed" lh={1.5}>
              {text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Group justify="space-between" align="flex-end" gap="md">
        <TrustBadges />
        <Group gap="md" component="nav" aria-label="Legal">
          <Anchor href={env.privacyPolicyUrl} size="sm" c="dimmed">
            Privacy Policy
          </Anchor>
          <Anchor href={env.termsOfServiceUrl} size="sm" c="dimmed">
            Terms of Service
          </Anchor>
        </Group>
      </Group>
    </Stack>
  </Paper>
);
