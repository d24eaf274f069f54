import { Stack, Text } from '@mantine/core';

/** A small uppercase label over its value, as in a page header's facts ('DUE DATE' / 'Nov 9, 2026'). */
export const LabeledValue = ({ label, value }: { label: string; value: string }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text size="sm" fw={500}>
      {value}
    </Text>
  </Stack>
);
