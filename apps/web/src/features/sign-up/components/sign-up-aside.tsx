import { Badge, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconCheck, IconShieldCheck } from '@tabler/icons-react';

const POINTS = [
  { title: 'Receive payments quickly', text: 'Customers pay by bank transfer or card in a few clicks.' },
  { title: 'Achieve zero AR', text: 'Invoices, reminders and accounting sync close receivables for you.' },
  { title: 'Forget bank hours', text: 'Instant payments settle around the clock, weekends included.' },
  { title: 'Save on fees', text: 'Bank-to-bank payments save up to 80% on processing fees.' },
];

/** The welcome panel's marketing copy (spec 000 §1), beside the sign-up form. */
export const SignUpAside = () => (
  <Stack gap="xl">
    <Stack gap="md">
      <Badge variant="light" size="lg" radius="sm" tt="none" w="fit-content">
        Instant payments, around the clock
      </Badge>
      <Title order={2} fz={{ base: 32, md: 42 }} lh={1.1} lts="-0.03em">
        Get paid faster
      </Title>
      <Text fz="lg" c="dimmed" lh={1.6} maw={460}>
        Pay vendors and get paid by customers from one place, in sync with your accounting software.
      </Text>
    </Stack>
    <List
      spacing="md"
      center={false}
      icon={
        <ThemeIcon size={26} radius="xl" variant="light">
          <IconCheck size={15} stroke={2.4} aria-hidden />
        </ThemeIcon>
      }
    >
      {POINTS.map((point) => (
        <List.Item key={point.title}>
          <Text fw={600}>{point.title}</Text>
          <Text size="sm" c="dimmed">
            {point.text}
          </Text>
        </List.Item>
      ))}
    </List>
    <Group gap="lg" c="dimmed">
      <Group gap={6}>
        <IconBolt size={16} aria-hidden />
        <Text size="sm">RTP® and FedNow℠</Text>
      </Group>
      <Group gap={6}>
        <IconShieldCheck size={16} aria-hidden />
        <Text size="sm">SOC 2 Type II</Text>
      </Group>
    </Group>
  </Stack>
);
