import { PASSWORD_RULES } from '@ferry/domain';
import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPoint } from '@tabler/icons-react';

/** The password rules of spec 000 §5, each ticking green once the typed password meets it. */
export const PasswordRules = ({ password }: { password: string }) => (
  <List spacing={6} size="sm" center aria-label="Password requirements" listStyleType="none">
    {PASSWORD_RULES.map((rule) => {
      const isMet = password !== '' && rule.test(password);
      return (
        <List.Item
          key={rule.id}
          data-met={isMet}
          icon={
            <ThemeIcon
              size={18}
              radius="xl"
              color={isMet ? 'teal' : 'gray'}
              variant={isMet ? 'filled' : 'light'}
            >
              {isMet ? <IconCheck size={12} stroke={3} aria-hidden /> : <IconPoint size={12} aria-hidden />}
            </ThemeIcon>
          }
        >
          <Text size="sm" c={isMet ? 'teal.8' : 'dimmed'} span>
            {rule.message}
          </Text>
          <VisuallyHidden>{isMet ? ' (met)' : ' (not met)'}</VisuallyHidden>
        </List.Item>
      );
    })}
  </List>
);
