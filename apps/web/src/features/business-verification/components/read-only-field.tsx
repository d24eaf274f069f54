import { Stack, Text } from '@mantine/core';

/** A saved value shown without an input (members who may not edit, or once submitted). */
export const ReadOnlyField = ({ label, value }: { label: string; value: string }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed" fw={600} tt="uppercase">
      {label}
    </Text>
    <Text size="sm">{value || 'Not set'}</Text>
  </Stack>
);
