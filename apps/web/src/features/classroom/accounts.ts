/** The class-accounts form's checks (pure, tested in accounts.test.ts). */

export interface DuplicateName {
  name: string;
  /** How many times the pasted list has it. */
  pasted: number;
  /** Whether a member of the class already has it. */
  inClass: boolean;
}

/** A name's one spelling for comparing (full-width and spacing folded). */
const key = (name: string) => name.normalize('NFKC').replace(/\s+/g, '');

/**
 * The pasted names that would make two accounts with one name: named twice in the list, or already a
 * member's name. Each gets its own username, which the slips and the class table show.
 */
export function duplicateNames(names: readonly string[], members: readonly string[]): DuplicateName[] {
  const counts = new Map<string, { name: string; pasted: number }>();
  for (const name of names) {
    const entry = counts.get(key(name)) ?? { name, pasted: 0 };
    entry.pasted += 1;
    counts.set(key(name), entry);
  }
  const existing = new Set(members.map(key));
  return [...counts]
    .filter(([k, entry]) => entry.pasted > 1 || existing.has(k))
    .map(([k, entry]) => ({ name: entry.name, pasted: entry.pasted, inClass: existing.has(k) }));
}

/** The warning line for one duplicate, in the form's words. */
export function duplicateLabel(d: DuplicateName): string {
  const parts = [
    ...(d.pasted > 1 ? [`名單中出現 ${d.pasted} 次`] : []),
    ...(d.inClass ? ['班內已有同名學生'] : []),
  ];
  return `「${d.name}」${parts.join('，')}`;
}
