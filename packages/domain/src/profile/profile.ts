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

/** The profile's display name: first plus last name, else the email, else 學習者. */
export function displayName(person: {
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly email?: string | null;
}): string {
  const name = [person.firstName, person.lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part.length > 0)
    .join(' ');
  if (name.length > 0) return name;
  const email = person.email?.trim() ?? '';
  return email.length > 0 ? email : '學習者';
}
