import {
  checkPasswordStrength,
  PASSWORD_MIN_SCORE,
  type PasswordStrength,
  preloadPasswordStrength,
  weakPasswordMessage,
} from '@ferry/domain';
import { Box, Group, List, Progress, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/** How long typing must pause before the password is checked again. */
export const STRENGTH_DEBOUNCE_MS = 250;

const SCORE_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;
const SCORE_COLORS = ['red', 'red', 'orange', 'teal', 'teal'] as const;

export type PasswordStrengthState = {
  /** The check of the password as typed now; null while it is empty or being checked. */
  strength: PasswordStrength | null;
  isChecking: boolean;
};

/**
 * The zxcvbn check of a new password while it is typed (after a short pause). The dictionaries start
 * loading when the page mounts the hook, so only pages with a new-password field ever load them.
 */
export const usePasswordStrength = (password: string, userInputs: string[]): PasswordStrengthState => {
  const [result, setResult] = useState<{ password: string; strength: PasswordStrength } | null>(null);
  const inputsKey = userInputs.join('\n');

  useEffect(() => {
    preloadPasswordStrength();
  }, []);

  useEffect(() => {
    if (password === '') return;
    let isCurrent = true;
    const timer = setTimeout(() => {
      checkPasswordStrength(password, inputsKey ? inputsKey.split('\n') : [])
        .then((strength) => {
          if (isCurrent) setResult({ password, strength });
        })
        .catch(() => undefined); // the submit checks again, and the server always does
    }, STRENGTH_DEBOUNCE_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [password, inputsKey]);

  const strength = result && result.password === password && password !== '' ? result.strength : null;
  return { strength, isChecking: password !== '' && strength === null };
};

/**
 * The submit's check: the field message for a guessable password (with zxcvbn's feedback), or null
 * when it is strong enough. A failed dictionary download lets the form go on: the server checks too.
 */
export const findWeakPasswordError = async (
  password: string,
  userInputs: string[],
): Promise<string | null> => {
  try {
    const strength = await checkPasswordStrength(password, userInputs);
    return strength.isStrong ? null : weakPasswordMessage(strength);
  } catch {
    return null;
  }
};

export type PasswordStrengthMeterProps = PasswordStrengthState & {
  /** For the password field's `aria-describedby`. */
  id?: string;
};

/**
 * A meter under a new-password field: zxcvbn's score in four steps and words, and, while the password
 * is too easy to guess, zxcvbn's warning and suggestions. Announced politely as it changes.
 */
export const PasswordStrengthMeter = ({ strength, isChecking, id }: PasswordStrengthMeterProps) => {
  const score = strength?.score ?? 0;
  return (
    <Box id={id} aria-live="polite" data-testid="password-strength">
      {strength || isChecking ? (
        <Group gap="sm" wrap="nowrap" align="center">
          <Progress
            value={strength ? (Math.max(score, 1) / 4) * 100 : 0}
            color={SCORE_COLORS[score]}
            size="sm"
            radius="xl"
            flex={1}
            aria-label="Password strength"
          />
          <Text size="xs" fw={600} c={strength ? `${SCORE_COLORS[score]}.8` : 'dimmed'} miw={80} ta="right">
            {strength ? SCORE_LABELS[score] : 'Checking…'}
          </Text>
        </Group>
      ) : null}
      {strength && !strength.isStrong ? (
        <Box mt={6}>
          <Text size="sm" c="dimmed">
            Too easy to guess: choose a password rated {SCORE_LABELS[PASSWORD_MIN_SCORE]} or better.
            {strength.warning ? ` ${strength.warning}` : ''}
          </Text>
          {strength.suggestions.length > 0 ? (
            <List size="sm" c="dimmed" spacing={2} mt={4} aria-label="Suggestions">
              {strength.suggestions.map((suggestion) => (
                <List.Item key={suggestion}>{suggestion}</List.Item>
              ))}
            </List>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
};
