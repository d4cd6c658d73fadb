/**
 * Polarity of a scoring point (issue 36): a rendering accepted on appeal for a point that carries a
 * negation must carry one too, so that 「有愧疚」 can never earn the point of 「不疚」.
 */
import { foldText } from '../grading/fold.ts';
import type { MarkingPoint } from '../grading/marker.ts';

/** The words that carry a negation in a modern rendering (難道／豈: a rhetorical one). */
export const NEGATION_WORDS = [
  '不',
  '沒',
  '無',
  '未',
  '非',
  '莫',
  '勿',
  '毋',
  '別',
  '否',
  '難道',
  '豈',
] as const;

let foldedNegations: readonly string[] | undefined;

/** Whether the text holds a negation word (compared folded, so 没／无／别 count too). */
export function carriesNegation(text: string): boolean {
  foldedNegations ??= NEGATION_WORDS.map((w) => foldText(w));
  const folded = foldText(text);
  return foldedNegations.some((w) => folded.includes(w));
}

/**
 * Whether a rendering of the point must carry a negation: a `negation` point, or any point whose model
 * rendering (its first accepted entry) carries one.
 * @example needsNegation({ kind: 'word', accept: ['沒有仁德'], … }) // true
 */
export function needsNegation(point: Pick<MarkingPoint, 'kind' | 'accept'>): boolean {
  return point.kind === 'negation' || carriesNegation(point.accept[0] ?? '');
}
