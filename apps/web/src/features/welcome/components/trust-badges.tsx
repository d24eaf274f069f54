import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBolt, IconShieldCheck, type TablerIcon } from '@tabler/icons-react';

type TrustBadge = { name: string; detail: string; icon: TablerIcon };

/** Two instant-payment rails and a security certification (spec 000 §1), as text badges. */
export const TRUST_BADGES: TrustBadge[] = [
  { name: 'RTP®', detail: 'Real-Time Payments network', icon: IconBolt },
  { name: 'FedNow℠', detail: 'Instant Payment Service', icon: IconBolt },
  { name: 'SOC 2 Type II', detail: 'Independently audited security', icon: IconShieldCheck },
];

export const TrustBadges = () => (
  <Group
    gap="sm"
    component="ul"
    aria-label="Payment rails and certification"
    p={0}
    m={0}
    style={{ listStyle: 'none' }}
  >
    {TRUST_BADGES.map(({ name, detail, icon: Icon }) => (
      <Paper component="li" key={name} withBorder radius="md" px="sm" py={8} bg="white">
        <Group gap={10} wrap="nowrap">
          <ThemeIcon size={28} radius="md" variant="light">
            <Icon size={16} stroke={1.8} aria-hidden />
          </ThemeIcon>
          <Stack gap={0}>
            <Text size="sm" fw={700} lh={1.3}>
              {name}
            </Text>
            <Text size="xs" c="dimmed" lh={1.3}>
              {detail}
            </Text>
          </Stack>
        </Group>
      </Paper>
    ))}
  </Group>
);
