/**
 * Which written forms 默書 accepts for a character of the text (docs/spec-decisions.md, "默書 accepts
 * variant and Simplified forms"). The HKEAA accepts Simplified characters, and a standard variant form
 * is the same character: so 暖 for 乍煖's 煖, 回 for 迴首's 迴, and a line written in Simplified are
 * right. The characters are compared by `foldText`, with one exception: two different Traditional
 * characters that only share a Simplified form (鍾／鐘、髮／發) are not accepted for each other, unless
 * they are a listed variant pair (OpenCC's Hong Kong and Taiwan variant tables, `VARIANT_PAIRS`). Writing
 * 鐘 for 萬鍾's 鍾 is the miswriting a teacher marks wrong; writing its Simplified form 钟 is not.
 */
import hkVariants from 'opencc-js/dict/HKVariants';
import twVariants from 'opencc-js/dict/TWVariants';
import { foldText } from '../grading/fold.ts';
import { VARIANT_PAIRS } from '../grading/variants.ts';

/** How a written character stands to the text's: the same one, an accepted other form, or wrong. */
export type WrittenForm = 'same' | 'accepted' | 'wrong';

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Built on first use: every single-character variant pair, unordered. */
let variantPairs: Set<string> | undefined;

function buildVariantPairs(): Set<string> {
  const pairs = new Set<string>();
  for (const dict of [hkVariants, twVariants]) {
    for (const entry of dict.split('|')) {
      const [from, ...to] = entry.split(' ');
      if (from === undefined || [...from].length !== 1) continue;
      for (const other of to) if ([...other].length === 1 && other !== from) pairs.add(pairKey(from, other));
    }
  }
  for (const [variant, standard] of VARIANT_PAIRS) pairs.add(pairKey(variant, standard));
  return pairs;
}

/** Whether a character is written in its comparison form (Simplified, or the same in both scripts). */
const isFoldedForm = (character: string) => foldText(character) === character;

/**
 * How `written` stands to the text's `character` in 默書.
 * @example writtenForm('煖', '暖') // 'accepted'
 * @example writtenForm('鍾', '鐘') // 'wrong'
 */
export function writtenForm(character: string, written: string): WrittenForm {
  if (written === character) return 'same';
  const folded = foldText(character);
  if (folded === '' || foldText(written) !== folded) return 'wrong';
  if (isFoldedForm(written) || isFoldedForm(character)) return 'accepted';
  variantPairs ??= buildVariantPairs();
  return variantPairs.has(pairKey(character, written)) ? 'accepted' : 'wrong';
}

/** A character of the text and the other form the learner wrote for it, accepted as right. */
export type AcceptedForm = { readonly character: string; readonly typed: string };

/**
 * The accepted other forms among marked characters (a mark that is right but written differently), each
 * pair once, in the order of the text.
 */
export function acceptedForms(
  marks: readonly { readonly character: string; readonly typed: string; readonly status: string }[],
): AcceptedForm[] {
  const seen = new Set<string>();
  const forms: AcceptedForm[] = [];
  for (const { character, typed, status } of marks) {
    if (status !== 'correct' || typed === character || typed === '') continue;
    const key = `${character}→${typed}`;
    if (seen.has(key)) continue;
    seen.add(key);
    forms.push({ character, typed });
  }
  return forms;
}

/**
 * The note a 默書 result shows when it accepted other forms, or null.
 * @example acceptedFormsNote([{ character: '煖', typed: '暖', status: 'correct' }]) // '接受異體字／簡體字：煖→暖'
 */
export function acceptedFormsNote(
  marks: readonly { readonly character: string; readonly typed: string; readonly status: string }[],
): string | null {
  const forms = acceptedForms(marks);
  if (forms.length === 0) return null;
  return `接受異體字／簡體字：${forms.map((f) => `${f.character}→${f.typed}`).join('、')}`;
}
