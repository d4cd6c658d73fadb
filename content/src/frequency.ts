/**
 * `characterFrequency`, defined (content/README.md, "characterFrequency"): how common the tested word's
 * characters are in the sixteen set texts themselves, the corpus a DSE candidate studies.
 *
 * Every CJK character of the sixteen texts is counted. A word's tier is that of its rarest character:
 * 200 when that character is among the 200 most frequent characters of the corpus, 400 among the 400
 * most frequent, else 900 (the rest of the corpus's 1,234 distinct characters, and any character not in
 * it). "Among the N most frequent" includes every character tied with the N-th, so the tier never
 * depends on how ties are ordered. The same word therefore always has the same tier.
 */
import setTextsJson from '../data/set-texts.json' with { type: 'json' };

export type CharacterFrequencyTier = 200 | 400 | 900;

const CJK = /\p{Script=Han}/u;

function countCharacters(texts: readonly { content: string }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const ch of text.content) if (CJK.test(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  return counts;
}

const counts = countCharacters(setTextsJson as { content: string }[]);
const descending = [...counts.values()].sort((a, b) => b - a);
/** The least count a character needs to be among the N most frequent (ties with the N-th included). */
const threshold = (n: number): number => descending[Math.min(n, descending.length) - 1] ?? 1;
const AT_LEAST_200 = threshold(200);
const AT_LEAST_400 = threshold(400);

/** How often a character occurs in the sixteen set texts (0 when it does not). */
export function corpusCount(ch: string): number {
  return counts.get(ch) ?? 0;
}

/** The tier of one character. */
function characterTier(ch: string): CharacterFrequencyTier {
  const n = corpusCount(ch);
  if (n >= AT_LEAST_200) return 200;
  if (n >= AT_LEAST_400) return 400;
  return 900;
}

/** The characterFrequency a word item must carry: the tier of the rarest character of its tested word. */
export function characterFrequencyOf(word: string): CharacterFrequencyTier {
  const tiers = [...word].filter((ch) => CJK.test(ch)).map(characterTier);
  if (tiers.length === 0) throw new Error(`no character to rate in ${JSON.stringify(word)}`);
  return Math.max(...tiers) as CharacterFrequencyTier;
}
