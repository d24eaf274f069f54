import { PASSWORD_RULES } from '@ferry/domain';
import { Box, Group, List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPoint } from '@tabler/icons-react';

export type PasswordRulesProps = {
  password: string;
  /** For the password field's `aria-describedby`. */
  id?: string;
  /** Shows 'Your password must have' above the list (off where the page's heading already says it). */
  withCaption?: boolean;
};

/**
 * The password rules (spec 000 §5), each ticked off once the typed password meets it; nothing is ticked
 * while the field is empty.
 */
export const PasswordRules = ({ password, id, withCaption = true }: PasswordRulesProps) => (
  <Box id={id}>
    {withCaption ? (
      <Text size="xs" fw={600} c="dimmed" mb={6}>
        Your password must have
      </Text>
    ) : null}
    <List spacing={4} size="sm" listStyleType="none" aria-label="Password rules">
      {PASSWORD_RULES.map((rule) => {
        const isMet = password !== '' && rule.test(password);
        return (
          <List.Item key={rule.id} data-rule={rule.id} data-met={isMet}>
            <Group gap={8} wrap="nowrap">
              <ThemeIcon
                size={18}
                radius="xl"
                variant={isMet ? 'filled' : 'light'}
                color={isMet ? 'teal' : 'gray'}
                aria-hidden
              >
                {isMet ? <IconCheck size={12} stroke={3} /> : <IconPoint size={12} />}
              </ThemeIcon>
              <Text size="sm" c={isMet ? 'teal.8' : 'dimmed'}>
                {rule.message}
                <VisuallyHidden>{isMet ? ' (met)' : ' (not met)'}</VisuallyHidden>
              </Text>
            </Group>
          </List.Item>
        );
      })}
    </List>
  </Box>
);
