/**
 * Name folding (issue 37): two names that a reader cannot tell apart fold to the same key, so a
 * leaderboard nickname cannot copy another learner's name with full-width letters, zero-width or other
 * invisible characters, another case, accents, or look-alike Cyrillic and Greek letters.
 */
import { foldHanCharacters } from '../grading/fold.ts';
import { personName } from './profile.ts';

/** Look-alikes of Latin letters and digits (after lower-casing), each to the letter it passes for. */
const CONFUSABLES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  г: 'r',
  д: 'a',
  е: 'e',
  ё: 'e',
  з: '3',
  и: 'u',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  п: 'n',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ь: 'b',
  ѕ: 's',
  і: 'l',
  ї: 'l',
  ј: 'j',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  ү: 'y',
  ɡ: 'g',
  // Greek
  α: 'a',
  β: 'b',
  γ: 'y',
  ε: 'e',
  η: 'n',
  ι: 'l',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ζ: 'z',
  μ: 'u',
  ϲ: 'c',
  ϳ: 'j',
  // Latin look-alikes and the digits and signs that pass for letters
  ı: 'l',
  ȷ: 'j',
  ɑ: 'a',
  ɩ: 'l',
  ɪ: 'l',
  ʟ: 'l',
  ɴ: 'n',
  ʀ: 'r',
  ᴏ: 'o',
  ᴜ: 'u',
  ʏ: 'y',
  i: 'l',
  '1': 'l',
  '|': 'l',
  '!': 'l',
  '0': 'o',
  '5': 's',
  $: 's',
  '@': 'a',
  // CJK look-alikes: the ideograph one, the long-vowel mark and the dash pass for one another
  ー: '一',
  '－': '一',
  '―': '一',
  '—': '一',
  〇: '○',
};

/**
 * Characters no reader sees: the default-ignorable ones (zero-width space and joiners, bidirectional
 * marks, the BOM, soft hyphen, variation selectors, the grapheme joiner, Hangul fillers...), other
 * format characters, spaces and separators, and the braille blank.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Z}\s\u2800]/gu;
/** Accents on Latin, Greek and Cyrillic letters (kana's voicing marks stay: they change the word). */
const ACCENTS = /(?<=[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])\p{M}+/gu;

/**
 * The key under which two names count as the same: NFKD (full-width to ASCII, compatibility forms,
 * accents split off), the invisible characters and accents dropped, lower-cased, look-alikes mapped,
 * NFC, and Han characters folded to one form (Traditional, Simplified, HK and TW variant glyphs).
 *
 * @example foldName('Ａｌｉ\u200bce') === foldName('alice') // true
 */
export function foldName(name: string): string {
  const bare = name.normalize('NFKD').replace(INVISIBLE, '').replace(ACCENTS, '').toLowerCase();
  let folded = '';
  for (const ch of bare) folded += CONFUSABLES[ch] ?? ch;
  // Traditional, Simplified and variant glyphs of one character are one name (陳大文, 陈大文).
  return foldHanCharacters(folded.normalize('NFC'));
}

/** The names a learner is shown by on the board: the nickname, else their name (`personName`). */
export function shownNames(person: {
  readonly nickname?: string | null;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
}): string[] {
  const names: string[] = [];
  if (person.nickname) names.push(person.nickname);
  const full = personName(person);
  if (full) names.push(full);
  return names;
}

/** One entry of a list of people as a viewer sees it: its id, the name it shows, and its username. */
export interface NamedEntry {
  readonly id: string;
  readonly name: string;
  /** Given only to a viewer who may see usernames (a class's teacher). */
  readonly username?: string | null;
}

/** FNV-1a of a text, 32 bits: the same number for the same text everywhere (web and server). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * A learner's namesake tag: digits told from their user id alone, so the same learner carries the same
 * tag in every league, every week and on the board, and it says nothing else about them.
 *
 * @example namesakeTag('42') // four digits, always the same for user 42
 */
export function namesakeTag(userId: string, digits = 4): string {
  const mixed = fnv1a(`wenyan-namesake:${userId}`) * 0x10000 + fnv1a(`${userId}:wenyan`);
  return String(mixed % 10 ** digits).padStart(digits, '0');
}

/** The tags of a group of namesakes: four digits, more when two of the group would share them. */
function groupTags(ids: readonly string[]): Map<string, string> {
  for (const digits of [4, 6, 9]) {
    const tags = ids.map((id) => namesakeTag(id, digits));
    if (new Set(tags).size === tags.length) return new Map(ids.map((id, i) => [id, tags[i]!]));
  }
  // Two ids whose nine-digit tags agree: the ids themselves, which the board shows anyway.
  return new Map(ids.map((id) => [id, id]));
}

/**
 * The names of a list, each with a mark when another entry shows the same name (compared folded, so
 * 陳大文 and 陈大文 are namesakes): the username in brackets for a viewer given usernames (「陳大文（c7-01）」),
 * else the namesake tag (「陳大文 #0421」). Names no one else shows stay as they are, and so does a name
 * that is the entry's username itself (a learner without a name is shown by their username: unique).
 * This is the one rule of every list that names learners: the class table, the league, the board, the
 * teacher's marking and appeals queues.
 */
export function tellNamesakesApart(entries: readonly NamedEntry[]): string[] {
  const groups = new Map<string, NamedEntry[]>();
  for (const entry of entries) {
    const key = foldName(entry.name);
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const marks = new Map<string, string>();
  for (const group of groups.values()) {
    const ids = [...new Set(group.map((e) => e.id))];
    if (ids.length < 2) continue;
    const tags = groupTags(ids);
    for (const entry of group) {
      const username = entry.username?.trim();
      if (username === entry.name.trim()) continue;
      marks.set(entry.id, username ? `（${username}）` : ` #${tags.get(entry.id)}`);
    }
  }
  return entries.map((entry) => `${entry.name}${marks.get(entry.id) ?? ''}`);
}
