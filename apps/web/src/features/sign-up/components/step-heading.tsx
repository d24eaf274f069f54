import { Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type StepHeadingProps = { icon: TablerIcon; title: string; text: ReactNode };

/** An icon, a heading and a line of explanation at the top of a step. */
export const StepHeading = ({ icon: Icon, title, text }: StepHeadingProps) => (
  <Group gap="md" wrap="nowrap" align="flex-start">
    <ThemeIcon size={44} radius="md" variant="light">
      <Icon size={24} stroke={1.7} aria-hidden />
    </ThemeIcon>
    <Stack gap={4}>
      <Title order={2} fz={22} lts="-0.01em">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Stack>
  </Group>
);
