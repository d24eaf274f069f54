import { Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCalendarTime,
  IconChartArrowsVertical,
  IconPigMoney,
  IconRocket,
  type TablerIcon,
} from '@tabler/icons-react';

type Feature = { title: string; text: string; icon: TablerIcon };

const FEATURES: Feature[] = [
  {
    title: 'Achieve zero AR',
    text: 'Invoices, reminders and accounting sync work together, so receivables close themselves.',
    icon: IconChartArrowsVertical,
  },
  {
    title: 'Get paid faster',
    text: 'Customers pay by bank transfer or card in a few clicks, without creating an account.',
    icon: IconRocket,
  },
  {
    title: 'Forget bank hours',
    text: 'Instant payments settle around the clock: nights, weekends and holidays included.',
    icon: IconCalendarTime,
  },
  {
    title: 'Save on fees',
    text: 'Bank-to-bank payments save up to 80% on processing fees compared with card networks.',
    icon: IconPigMoney,
  },
];

export const WelcomeFeatures = () => (
  <SimpleGrid
    cols={{ base: 1, sm: 2, lg: 4 }}
    spacing="lg"
    component="ul"
    p={0}
    m={0}
    style={{ listStyle: 'none' }}
  >
    {FEATURES.map(({ title, text, icon: Icon }) => (
      <Paper component="li" key={title} withBorder radius="lg" p="lg" bg="white">
        <ThemeIcon size={40} radius="md" variant="light" mb="md">
          <Icon size={22} stroke={1.7} aria-hidden />
        </ThemeIcon>
        <Title order={3} fz="lg" mb={6}>
          {title}
        </Title>
        <Text size="sm" c="dimmed" lh={1.6}>
          {text}
        </Text>
      </Paper>
    ))}
  </SimpleGrid>
);
