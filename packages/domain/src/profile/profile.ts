/**
 * Free-text fields a learner edits: the school name and the error book's personal note
 * (spec part 2 §5), and the profile's display name.
 */

export const SCHOOL_NAME_MAX_LENGTH = 100;
export const NOTE_MAX_LENGTH = 1000;

/** The school name as stored: trimmed; null when nothing is left. */
export function normaliseSchoolName(raw: string): string | null {
  const trimmed = raw.trim();
  return trimmed.length > 0 ? trimmed : null;
}

/** The personal note as stored: trimmed; null when nothing is left (an empty note is not saved). */
export function normaliseNote(raw: string): string | null {
  const trimmed = raw.trim();
  return trimmed.length > 0 ? trimmed : null;
}

/** Length in characters as a reader counts them (code points, not UTF-16 units). */
export function characterLength(text: string): number {
  return [...text].length;
}

/** Chinese characters (any Han script character): a name with one is written in Chinese order. */
const HAN = /\p{Script=Han}/u;

/** Whether a name is written in Chinese order: either part has a Chinese character. */
export function isChineseName(person: {
  readonly firstName?: string | null;
  readonly lastName?: string | null;
}): boolean {
  return HAN.test(person.firstName ?? '') || HAN.test(person.lastName ?? '');
}

/**
 * A person's name from its parts, in the order its script is written: family name first and no space
 * for a Chinese name (「陳小明」), given name first for a name in Latin letters (「Siu Ming Chan」).
 * Empty when neither part has any text.
 */
export function personName(person: {
  readonly firstName?: string | null;
  readonly lastName?: string | null;
}): string {
  const given = person.firstName?.trim() ?? '';
  const family = person.lastName?.trim() ?? '';
  if (isChineseName(person)) return `${family}${given}`;
  return [given, family].filter((part) => part.length > 0).join(' ');
}

/** The profile's display name: the person's name (`personName`), else the email, else 學習者. */
export function displayName(person: {
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly email?: string | null;
}): string {
  const name = personName(person);
  if (name.length > 0) return name;
  const email = person.email?.trim() ?? '';
  return email.length > 0 ? email : '學習者';
}
