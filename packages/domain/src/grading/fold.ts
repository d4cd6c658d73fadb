/**
 * The canonical form answers, accepted renderings and sources are compared in: punctuation, symbols
 * and whitespace removed, full-width forms made ordinary (NFKC), Simplified characters and the Hong
 * Kong and Taiwan variant glyphs folded to one Traditional form, Latin letters lower-cased.
 *
 * The folding is a comparison key, not a display conversion: it is applied alike to both sides, so a
 * character that maps ambiguously (后 → 後) still compares equal to itself. The character tables are
 * OpenCC's (`opencc-js`): `STCharacters` (Simplified → Traditional, first reading), `HKVariants` and
 * `TWVariants` (variant glyph → OpenCC's standard form). Built once when the module loads.
 */
import hkVariants from 'opencc-js/dict/HKVariants';
import stCharacters from 'opencc-js/dict/STCharacters';
import twVariants from 'opencc-js/dict/TWVariants';

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

/** Where OpenCC's first character-level reading is not the everyday one (OpenCC itself reads phrases first). */
const EVERYDAY_READINGS: Readonly<Record<string, string>> = { 么: '麼' };

function buildTable(): Map<string, string> {
  const table = new Map<string, string>(Object.entries(EVERYDAY_READINGS));
  // Variant glyph → standard form first, so a Simplified character folds to the standard form too.
  addPairs(table, hkVariants, true);
  addPairs(table, twVariants, true);
  const simplified = new Map<string, string>();
  addPairs(simplified, stCharacters, false);
  for (const [from, to] of simplified) {
    if (from !== to && !table.has(from)) table.set(from, table.get(to) ?? to);
  }
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

const TABLE = buildTable();

/**
 * The comparison form of a text.
 * @example foldText('沒有仁德的人，不能長久處於窮困之中。') === foldText('没有仁德的人 不能长久处于穷困之中')
 */
export function foldText(text: string): string {
  const bare = text.normalize('NFKC').replace(NOT_WORDS, '').toLowerCase();
  let folded = '';
  for (const ch of bare) folded += TABLE.get(ch) ?? ch;
  return folded;
}
