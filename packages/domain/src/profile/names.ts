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
