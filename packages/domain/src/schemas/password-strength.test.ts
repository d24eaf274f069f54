import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkPasswordStrength,
  PASSWORD_MIN_SCORE,
  PASSWORD_WEAK_MESSAGE,
  passwordUserInputs,
  weakPasswordMessage,
} from './password-strength';

// Loading the zxcvbn dictionaries takes a second or two on a busy machine; it happens once.
beforeAll(() => checkPasswordStrength('warm-up'), 60_000);

describe('checkPasswordStrength', () => {
  it('refuses guessable passwords that meet every character rule', async () => {
    for (const password of ['Password1!', 'Welcome123!', 'Qwerty123!']) {
      const strength = await checkPasswordStrength(password);
      expect(strength.score, password).toBeLessThan(PASSWORD_MIN_SCORE);
      expect(strength.isStrong, password).toBe(false);
    }
  });

  it("says why, in zxcvbn's words", async () => {
    const strength = await checkPasswordStrength('Password1!');
    expect(strength.warning).toBe('This is similar to a commonly used password.');
    expect(strength.suggestions.length).toBeGreaterThan(0);
  });

  it('accepts passwords of a few uncommon words', async () => {
    for (const password of ['Tr1cky-Ferry-Harbor!', 'Correct-Horse-9!', 'Ferry-Tide-Lantern-42!']) {
      const strength = await checkPasswordStrength(password);
      expect(strength.isStrong, password).toBe(true);
      expect(strength.score).toBeGreaterThanOrEqual(PASSWORD_MIN_SCORE);
    }
  });

  it("counts the person's own details as guessable", async () => {
    const password = 'Zorblatt@acme1!';
    const inputs = passwordUserInputs({
      email: 'Zorblatt.Quenby@acme.test',
      firstName: 'Zorblatt',
      lastName: 'Quenby',
    });
    expect(inputs).toEqual(['zorblatt.quenby@acme.test', 'zorblatt.quenby', 'Zorblatt', 'Quenby']);
    const withInputs = await checkPasswordStrength(password, inputs);
    const without = await checkPasswordStrength(password);
    expect(withInputs.score).toBeLessThan(without.score);
  });
});

describe('weakPasswordMessage', () => {
  it('puts the rule first, then the warning and the suggestions as sentences', () => {
    expect(
      weakPasswordMessage({ warning: 'This is a heavily used password.', suggestions: ['Add more words'] }),
    ).toBe(`${PASSWORD_WEAK_MESSAGE} This is a heavily used password. Add more words.`);
    expect(weakPasswordMessage({ warning: null, suggestions: [] })).toBe(PASSWORD_WEAK_MESSAGE);
  });
});
