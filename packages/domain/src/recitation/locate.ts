/**
 * Where the 默書 drills sit in a lesson's text: the code-point range of a 名句's second line (the
 * 上句接下句 answer) and of a phrase with characters students often miswrite. The ranges are what
 * POST /api/recitations marks against, so the client and the content validation compute them alike.
 */

/** A code-point range [start, end) of a text. */
export type CodePointRange = { readonly start: number; readonly end: number };

/** What may stand between a 名句's first and second line: punctuation, quotation marks and whitespace. */
const BETWEEN_LINES = /^[\s，。、；：！？「」『』]*$/u;

const codePoints = (s: string): number => Array.from(s).length;

/** Every code-unit index where `needle` starts in `text`. */
function indicesOf(text: string, needle: string): number[] {
  const found: number[] = [];
  if (needle.length === 0) return found;
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) found.push(i);
  return found;
}

/**
 * The range of `phrase` in `text` (its first occurrence), or null when the text does not have it.
 * @example phraseRange('君子曰：學不可以已。', '學不可以已') // { start: 4, end: 9 }
 */
export function phraseRange(text: string, phrase: string): CodePointRange | null {
  const at = indicesOf(text, phrase)[0];
  if (at === undefined) return null;
  const start = codePoints(text.slice(0, at));
  return { start, end: start + codePoints(phrase) };
}

/**
 * The range of a 名句's `second` line where it follows `first` in `text` with only punctuation or
 * whitespace between; null when no occurrence of `first` is followed so.
 * @example nextLineRange('不以物喜，不以己悲。', '不以物喜', '不以己悲') // { start: 5, end: 9 }
 */
export function nextLineRange(text: string, first: string, second: string): CodePointRange | null {
  for (const at of indicesOf(text, first)) {
    const after = at + first.length;
    const next = text.indexOf(second, after);
    if (next < 0 || !BETWEEN_LINES.test(text.slice(after, next))) continue;
    const start = codePoints(text.slice(0, next));
    return { start, end: start + codePoints(second) };
  }
  return null;
}
