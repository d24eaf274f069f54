import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * NIST SP 800-63B asks that a new password be checked against what attackers guess first. The rule
 * list (`password.ts`) checks the spec's character rules; this checks how guessable the whole password
 * is with zxcvbn-ts (common passwords, names, words, keyboard walks, dates, l33t, the person's own
 * details): a score of at least 3 out of 4 is required, by the server and the browser alike.
 *
 * The zxcvbn dictionaries weigh over a megabyte, so they are imported on first use only: a page loads
 * them when it first checks a new password, never with the sign-in page.
 */
export const PASSWORD_MIN_SCORE = 3;

export const PASSWORD_WEAK_MESSAGE = 'This password is too easy to guess. Please choose a stronger one.';

export type PasswordStrength = {
  /** zxcvbn's 0 (too guessable) to 4 (very unguessable). */
  score: 0 | 1 | 2 | 3 | 4;
  isStrong: boolean;
  /** zxcvbn's explanation of what makes the password guessable, if anything. */
  warning: string | null;
  /** zxcvbn's advice for a stronger password. */
  suggestions: string[];
};

let zxcvbnLoading: Promise<ZxcvbnFactory> | null = null;

const loadZxcvbn = (): Promise<ZxcvbnFactory> => {
  zxcvbnLoading ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ])
    .then(
      ([core, common, en]) =>
        new core.ZxcvbnFactory({
          translations: en.translations,
          graphs: common.adjacencyGraphs,
          dictionary: { ...common.dictionary, ...en.dictionary },
          // Levenshtein matching would multiply a check's time by about 20; the l33t and
          // dictionary matchers already catch the common variants.
        }),
    )
    .catch((error: unknown) => {
      zxcvbnLoading = null; // a failed download is tried again on the next check
      throw error;
    });
  return zxcvbnLoading;
};

/** Starts loading the dictionaries ahead of the first check (a page with a new-password field calls it). */
export const preloadPasswordStrength = (): void => {
  void loadZxcvbn().catch(() => undefined);
};

/** The parts of someone's details a password should not be built from: email (and its local part), names. */
export const passwordUserInputs = (details: {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  extra?: (string | null | undefined)[];
}): string[] => {
  const email = details.email?.trim().toLowerCase();
  const inputs = [email, email?.split('@')[0], details.firstName, details.lastName, ...(details.extra ?? [])];
  return [
    ...new Set(inputs.map((input) => input?.trim()).filter((input): input is string => Boolean(input))),
  ];
};

/** How guessable `password` is, given the person's own details (`passwordUserInputs`). */
export const checkPasswordStrength = async (
  password: string,
  userInputs: string[] = [],
): Promise<PasswordStrength> => {
  const zxcvbn = await loadZxcvbn();
  const result = zxcvbn.check(password, userInputs);
  const score = result.score as PasswordStrength['score'];
  return {
    score,
    isStrong: score >= PASSWORD_MIN_SCORE,
    warning: result.feedback.warning || null,
    suggestions: result.feedback.suggestions.filter(Boolean),
  };
};

/** The field message for a weak password: the rule, then zxcvbn's warning and its suggestions. */
export const weakPasswordMessage = (strength: Pick<PasswordStrength, 'warning' | 'suggestions'>): string =>
  [PASSWORD_WEAK_MESSAGE, strength.warning, ...strength.suggestions]
    .filter(Boolean)
    .map((part) => (part && /[.!?]$/.test(part) ? part : `${part}.`))
    .join(' ');
