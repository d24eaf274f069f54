import { Box, Divider, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowDownLeft, IconBolt, IconPigMoney } from '@tabler/icons-react';
import { StatusBadge } from '@/components/status-badge';

const ACTIVITY = [
  { name: 'Harbor Freight Partners', detail: 'Invoice INV-1042', amount: '$3,250.00' },
  { name: 'Bluewater Catering', detail: 'Invoice INV-1039', amount: '$860.40' },
];

/** An illustration of a received instant payment; decorative sample data, hidden from assistive tech. */
export const PaymentPreview = () => (
  <Box pos="relative" aria-hidden>
    <Paper withBorder shadow="xl" radius="lg" p="xl" pb={64} bg="white">
      <Group justify="space-between" mb="lg">
        <Group gap="sm">
          <ThemeIcon size={40} radius="xl" variant="light" color="teal">
            <IconArrowDownLeft size={22} stroke={1.8} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              Payment received
            </Text>
            <Text size="xs" c="dimmed">
              From Northwind Supply Co.
            </Text>
          </Stack>
        </Group>
        <StatusBadge label="Completed" colour="green" />
      </Group>
      <Text fz={40} fw={700} lh={1.1} lts="-0.02em">
        $12,480
        <Text span inherit c="dimmed" fz={24}>
          .00
        </Text>
      </Text>
      <Group gap={6} mt="xs">
        <IconBolt size={14} color="var(--mantine-color-ferry-7)" />
        <Text size="xs" c="ferry.8" fw={600}>
          Instant · settled in 4 seconds · Sunday 11:42 PM
        </Text>
      </Group>
      <Divider my="lg" />
      <Stack gap="md">
        {ACTIVITY.map((item) => (
          <Group key={item.detail} justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {item.name}
              </Text>
              <Text size="xs" c="dimmed">
                {item.detail}
              </Text>
            </Stack>
            <Text size="sm" fw={600}>
              {item.amount}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
    <Paper
      withBorder
      shadow="md"
      radius="lg"
      px="md"
      py="sm"
      pos="absolute"
      bottom={-28}
      left={-36}
      bg="white"
    >
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={32} radius="xl" variant="light" color="yellow">
          <IconPigMoney size={18} stroke={1.8} />
        </ThemeIcon>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Processing fees saved this month
          </Text>
          <Text size="sm" fw={700}>
            $1,942.16
          </Text>
        </Stack>
      </Group>
    </Paper>
  </Box>
);
