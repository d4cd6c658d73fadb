/**
 * The canonical form answers, accepted renderings and sources are compared in: punctuation, symbols
 * and whitespace removed, full-width forms made ordinary (NFKC), Latin letters lower-cased, and every
 * character folded to its Simplified form, Hong Kong and Taiwan variant glyphs first to OpenCC's
 * standard form. Traditional → Simplified is the many-to-one direction (後 and 后 → 后, 捨 and 舍 → 舍,
 * 沖 and 衝 → 冲), so a student's Simplified answer meets the Traditional scheme whichever
 * Traditional character a Simplified one stands for.
 *
 * The folding is a comparison key, not a display conversion: it is applied alike to both sides, and
 * nothing folded is shown. The character tables are OpenCC's (`opencc-js`): `TSCharacters`
 * (Traditional → Simplified), `HKVariants` and `TWVariants` (variant glyph → standard form). Built
 * once, on first use.
 */
import hkVariants from 'opencc-js/dict/HKVariants';
import tsCharacters from 'opencc-js/dict/TSCharacters';
import twVariants from 'opencc-js/dict/TWVariants';
import { VARIANT_PAIRS } from './variants.ts';

/** Everything that is not part of the words: punctuation, symbols, whitespace. */
const NOT_WORDS = /[\s\p{P}\p{S}]/gu;

/** One OpenCC dictionary ("from to1 to2|from to1|…") added to the table, from → its first reading. */
function addPairs(table: Map<string, string>, dict: string, reverse: boolean): void {
  for (const entry of dict.split('|')) {
    const [from, to] = entry.split(' ');
    if (from === undefined || to === undefined) continue;
    const [key, value] = reverse ? [to, from] : [from, to];
    // Single code points only: phrases are not folded (a character-level key is enough to compare).
    if ([...key].length === 1 && [...value].length === 1 && !table.has(key)) table.set(key, value);
  }
}

function buildTable(): Map<string, string> {
  const table = new Map<string, string>();
  // Variant glyph → standard form, then Traditional → Simplified (through the standard form).
  addPairs(table, hkVariants, true);
  addPairs(table, twVariants, true);
  const simplified = new Map<string, string>();
  addPairs(simplified, tsCharacters, false);
  for (const [from, to] of table) table.set(from, simplified.get(to) ?? to);
  for (const [from, to] of simplified) if (!table.has(from)) table.set(from, to);
  // The variant pairs OpenCC leaves apart (variants.ts), each to its standard form's folded form.
  for (const [variant, standard] of VARIANT_PAIRS) table.set(variant, table.get(standard) ?? standard);
  // Follow chains (a → b → c) to their end, so folding a folded text changes nothing.
  for (const [from, to] of table) {
    let end = to;
    for (let steps = 0; table.has(end) && table.get(end) !== end && steps < 4; steps += 1) {
      end = table.get(end) ?? end;
    }
    table.set(from, end);
  }
  return table;
}

/** Built on first use, so a bundle that never folds text (the web client) can leave the tables out. */
let table: Map<string, string> | undefined;
/** 什麼 and 甚麼 are one word written two ways (the HK textbooks write 甚麼): their folded forms. */
let what: { readonly from: string; readonly to: string } | undefined;

function foldCharacters(text: string, characters: Map<string, string>): string {
  let folded = '';
  for (const ch of text) folded += characters.get(ch) ?? ch;
  return folded;
}

/**
 * Each Han character folded to its Simplified standard form (variant glyphs, Traditional and
 * Simplified alike), nothing else changed: names compare by it (`foldName`), 陳大文 and 陈大文 as one.
 * @example foldHanCharacters('陳大文') === foldHanCharacters('陈大文')
 */
export function foldHanCharacters(text: string): string {
  table ??= buildTable();
  return foldCharacters(text, table);
}

/**
 * The comparison form of a text.
 * @example foldText('沒有仁德的人，不能長久處於窮困之中。') === foldText('没有仁德的人 不能长久处于穷困之中')
 */
export function foldText(text: string): string {
  const bare = text.normalize('NFKC').replace(NOT_WORDS, '').toLowerCase();
  table ??= buildTable();
  what ??= { from: foldCharacters('什麼', table), to: foldCharacters('甚麼', table) };
  const folded = foldCharacters(bare, table);
  return folded.includes(what.from) ? folded.replaceAll(what.from, what.to) : folded;
}
