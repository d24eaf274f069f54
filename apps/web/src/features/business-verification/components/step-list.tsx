import { Box, Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import type { StepKey, StepSummary } from '../utils/steps';

const ICON_COLOUR: Record<StepSummary['state'], string> = {
  done: 'teal',
  'current-work': 'ferry',
  'to-do': 'gray',
  attention: 'red',
};

export type StepListProps = {
  steps: StepSummary[];
  active: StepKey;
  onSelect: (step: StepKey) => void;
};

/**
 * The verification steps as an ordered list of buttons: the open step is `aria-current="step"`, each
 * says where it stands ('Verified', 'Saved', 'To do'), the result opens only once submitted.
 */
export const StepList = ({ steps, active, onSelect }: StepListProps) => (
  <Box component="nav" aria-label="Verification steps">
    <Box
      component="ol"
      m={0}
      p={0}
      style={{
        listStyle: 'none',
        display: 'grid',
        gap: 8,
        gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))',
      }}
    >
      {steps.map((step, index) => {
        const isActive = step.key === active;
        return (
          <li key={step.key}>
            <UnstyledButton
              onClick={() => onSelect(step.key)}
              disabled={!step.selectable}
              aria-current={isActive ? 'step' : undefined}
              w="100%"
              p="sm"
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                border: `1px solid ${isActive ? 'var(--mantine-color-ferry-5)' : 'var(--mantine-color-gray-3)'}`,
                background: isActive ? 'var(--mantine-color-ferry-0)' : undefined,
                opacity: step.selectable ? 1 : 0.6,
                cursor: step.selectable ? 'pointer' : 'default',
              }}
            >
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon
                  radius="xl"
                  size={28}
                  color={ICON_COLOUR[step.state]}
                  variant={step.state === 'to-do' ? 'light' : 'filled'}
                  aria-hidden
                >
                  {step.state === 'done' ? (
                    <IconCheck size={16} />
                  ) : step.state === 'attention' ? (
                    <IconAlertTriangle size={16} />
                  ) : (
                    <Text size="sm" fw={700} span>
                      {index + 1}
                    </Text>
                  )}
                </ThemeIcon>
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {step.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {step.stateLabel}
                  </Text>
                </Stack>
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Box>
  </Box>
);
