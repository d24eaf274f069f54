import { Anchor, Badge, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCircleDashed, IconClockHour4 } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { SetupStep, SetupStepState } from '../utils/setup-steps';

const STATE_LOOK: Record<SetupStepState, { color: string; icon: typeof IconCheck }> = {
  done: { color: 'teal', icon: IconCheck },
  'in-progress': { color: 'yellow', icon: IconClockHour4 },
  'action-required': { color: 'red', icon: IconAlertTriangle },
  'to-do': { color: 'gray', icon: IconCircleDashed },
};

/** The home dashboard's setup checklist: each step with its state and a link to where it is done. */
export const SetupProgress = ({ steps }: { steps: SetupStep[] }) => {
  const done = steps.filter((step) => step.state === 'done').length;
  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p="xl"
      bg="white"
      data-tour="setup-progress"
      aria-labelledby="setup-title"
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Title order={2} fz="lg" id="setup-title">
              Set up your business
            </Title>
            <Text size="sm" c="dimmed">
              {done} of {steps.length} steps done
            </Text>
          </Stack>
        </Group>
        <Progress
          value={(done / steps.length) * 100}
          size="sm"
          radius="xl"
          aria-label={`Setup progress: ${done} of ${steps.length} steps done`}
        />
        <Stack component="ol" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
          {steps.map((step, index) => {
            const look = STATE_LOOK[step.state];
            const Icon = look.icon;
            return (
              <Group
                component="li"
                key={step.key}
                justify="space-between"
                wrap="nowrap"
                py="md"
                gap="md"
                style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
              >
                <Group gap="md" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={32} radius="xl" variant="light" color={look.color} aria-hidden>
                    <Icon size={18} stroke={1.8} />
                  </ThemeIcon>
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={600} size="sm">
                        {step.title}
                      </Text>
                      <Badge size="sm" variant="light" color={look.color} radius="sm" tt="none">
                        {step.stateLabel}
                      </Badge>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {step.description}
                    </Text>
                  </Stack>
                </Group>
                {step.state === 'done' ? null : (
                  <Group gap="md" wrap="nowrap">
                    {step.links.map((link) => (
                      <Anchor key={link.href} component={Link} to={link.href} size="sm" fw={600}>
                        {link.label}
                      </Anchor>
                    ))}
                  </Group>
                )}
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
};
