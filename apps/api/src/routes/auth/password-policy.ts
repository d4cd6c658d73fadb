/**
 * The rules a new password meets (OWASP ASVS 4.0 level 2, V2.1, with the project's minimum of 8):
 * at least 8 and at most 128 characters (the contract checks the length), any characters including
 * spaces but not spaces alone, not one of the commonly used passwords, and not containing the username.
 * No composition rules (ASVS 2.1.9): a long phrase beats `P@ssw0rd!`.
 *
 * The common passwords are the 49,233 of `@zxcvbn-ts/language-common` (ranked from public breach
 * corpora, maintained), compared in lower case with spaces removed, so `Pass Word` is caught too.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { dictionary } = require('@zxcvbn-ts/language-common') as {
  dictionary: { 'passwords-common': readonly string[] };
};

const fold = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

/** Only the entries a password of 8 or more characters can equal (about 18,000 of them). */
const COMMON = new Set(dictionary['passwords-common'].map(fold).filter((p) => p.length >= 8));

/** What is wrong with a new password, in Traditional Chinese; null when it may be used. */
export const PASSWORD_MESSAGES = {
  blank: '密碼不可只有空格',
  common: '這個密碼太常見，很容易被猜中，請改用一句較長而只有你記得的句子',
  username: '密碼不可包含用戶名稱',
} as const;

/** Checks a new password against the rules beyond its length; null when it passes. */
export function passwordProblem(password: string, username: string): string | null {
  if (password.trim() === '') return PASSWORD_MESSAGES.blank;
  const folded = fold(password);
  if (COMMON.has(folded)) return PASSWORD_MESSAGES.common;
  if (folded.includes(fold(username))) return PASSWORD_MESSAGES.username;
  return null;
}

/** The size of the shipped list of common passwords the rules compare with (for the docs and tests). */
export const COMMON_PASSWORDS = COMMON.size;
