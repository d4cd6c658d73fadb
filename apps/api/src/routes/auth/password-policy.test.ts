import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, PASSWORD_MESSAGES, passwordProblem } from './password-policy.ts';

describe('passwordProblem', () => {
  it('refuses the common passwords the attacker tried, in any case and spacing', () => {
    for (const p of ['password', '12345678', 'PASSWORD', 'pass word', 'qwertyuiop', 'iloveyou']) {
      expect(passwordProblem(p, 'chan_tai_man')).toBe(PASSWORD_MESSAGES.common);
    }
    expect(COMMON_PASSWORDS).toBeGreaterThan(10_000);
  });

  it('refuses spaces alone but accepts spaces inside a phrase', () => {
    expect(passwordProblem('        ', 'chan_tai_man')).toBe(PASSWORD_MESSAGES.blank);
    expect(passwordProblem('\t \u3000    ', 'chan_tai_man')).toBe(PASSWORD_MESSAGES.blank);
    expect(passwordProblem('my cat eats rice', 'chan_tai_man')).toBeNull();
  });

  it('refuses the username, in any case, alone or within the password', () => {
    expect(passwordProblem('chan_tai_man', 'chan_tai_man')).toBe(PASSWORD_MESSAGES.username);
    expect(passwordProblem('CHAN_TAI_MAN2024', 'chan_tai_man')).toBe(PASSWORD_MESSAGES.username);
  });

  it('has no composition rules: a lower-case phrase passes, Chinese too', () => {
    expect(passwordProblem('correct horse battery', 'chan_tai_man')).toBeNull();
    expect(passwordProblem('學而時習之不亦說乎', 'chan_tai_man')).toBeNull();
  });
});
