import { PASSWORD_RULES } from '@ferry/domain';
import { Box, Group, List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPoint } from '@tabler/icons-react';

export type PasswordRulesProps = { password: string; id?: string };

/** The password rules (spec 000 §5), each ticked off as the typed password meets it. */
export const PasswordRules = ({ password, id }: PasswordRulesProps) => (
  <Box id={id}>
    <Text size="xs" fw={600} c="dimmed" mb={6}>
      Your password must have
    </Text>
    <List spacing={4} size="sm" listStyleType="none" aria-label="Password rules">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <List.Item key={rule.id} data-rule={rule.id} data-met={met}>
            <Group gap={8} wrap="nowrap">
              <ThemeIcon
                size={18}
                radius="xl"
                variant={met ? 'filled' : 'light'}
                color={met ? 'teal' : 'gray'}
                aria-hidden
              >
                {met ? <IconCheck size={12} stroke={3} /> : <IconPoint size={12} />}
              </ThemeIcon>
              <Text size="sm" c={met ? 'teal.8' : 'dimmed'}>
                {rule.message}
                <VisuallyHidden>{met ? ' (met)' : ' (not met)'}</VisuallyHidden>
              </Text>
            </Group>
          </List.Item>
        );
      })}
    </List>
  </Box>
);
