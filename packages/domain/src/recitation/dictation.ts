/**
 * 默書 (writing a passage from memory): the server's marking of what a learner typed against a range of
 * the text. Only recitable characters count (punctuation and spaces are ignored on both sides: a
 * learner may type with or without them). The two character sequences are aligned with a minimal
 * diff (jsdiff's `diffArrays`, Myers' algorithm); within each changed stretch, expected and typed
 * characters are paired in order as wrong characters, the surplus on the expected side is missing and
 * the surplus typed is extra. A character written in another accepted form (a standard variant or
 * Simplified: 暖 for 煖, 回 for 迴; `writtenForm` in forms.ts) counts as right; the marking lists those
 * forms (`accepted`), and the result screen says so (`acceptedFormsNote`).
 *
 * Accuracy = correct ÷ (expected + extra), as a rounded percent: every missing, wrong or extra
 * character costs, as a 默書 marker deducts for each.
 */
import { diffArrays } from 'diff';
import { type AcceptedForm, acceptedForms, writtenForm } from './forms.ts';
import { isRecitable } from './recitation.ts';

export type RecallStatus = 'correct' | 'wrong' | 'missing';

/** One character of the expected range and what the learner wrote for it. */
export type RecallMark = {
  /** The index of the character in the whole text (code points). */
  readonly position: number;
  readonly character: string;
  /**
   * What the learner wrote in its place: the character itself (or an accepted other form of it, when
   * correct), another one, or '' when missing.
   */
  readonly typed: string;
  readonly status: RecallStatus;
};

/** A character the learner wrote that the text does not have, after expected position `after` (−1: before all). */
export type RecallExtra = { readonly after: number; readonly typed: string };

export type RecallMarking = {
  readonly marks: readonly RecallMark[];
  readonly extras: readonly RecallExtra[];
  readonly correct: number;
  readonly wrong: number;
  readonly missing: number;
  readonly accuracy: number;
  /** The characters written in an accepted other form (variant or Simplified), each pair once. */
  readonly accepted: readonly AcceptedForm[];
};

/** The longest typed answer the server marks (a whole set text is 1,690 characters). */
export const DICTATION_MAX_TYPED = 4000;

/**
 * Which forms of a character count as right: `accepted` takes a standard variant or Simplified form
 * (默書, 上句接下句); `exact` only the text's own (the 易錯字 drill, which asks for the form the text prints).
 */
export type RecallForms = 'accepted' | 'exact';

/**
 * Marks `typed` against the characters of `text` in [start, end) (code-point positions).
 * @example markRecall('學而時習之，不亦說乎', 0, 10, '學而時之不亦悅乎').missing // 1 (習)
 */
export function markRecall(
  text: string,
  start: number,
  end: number,
  typed: string,
  forms: RecallForms = 'accepted',
): RecallMarking {
  const chars = Array.from(text);
  const expected: { position: number; character: string }[] = [];
  for (let p = start; p < Math.min(end, chars.length); p++) {
    const character = chars[p] as string;
    if (isRecitable(character)) expected.push({ position: p, character });
  }
  const written = Array.from(typed).filter(isRecitable);
  const parts = diffArrays(
    expected.map((e) => e.character),
    written,
    {
      comparator: (character, written) =>
        forms === 'exact' ? written === character : writtenForm(character, written) !== 'wrong',
    },
  );
  const marks: RecallMark[] = [];
  const extras: RecallExtra[] = [];
  let e = 0;
  let w = 0;
  const lastPosition = () => (marks.length > 0 ? (marks[marks.length - 1] as RecallMark).position : -1);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (!part.added && !part.removed) {
      // Common characters: the value is the typed side's, so take each side from its own list.
      for (let k = 0; k < part.count; k++) {
        const at = expected[e++]!;
        marks.push({
          position: at.position,
          character: at.character,
          typed: written[w++]!,
          status: 'correct',
        });
      }
      continue;
    }
    // A changed stretch: removed (expected) and added (typed) next to each other, in either order.
    const next = parts[i + 1];
    const removed = part.removed ? part.value : next?.removed && part.added ? next.value : [];
    const added = part.added ? part.value : next?.added && part.removed ? next.value : [];
    if ((part.removed && next?.added) || (part.added && next?.removed)) i++;
    w += added.length;
    const paired = Math.min(removed.length, added.length);
    for (let k = 0; k < removed.length; k++) {
      const at = expected[e++]!;
      marks.push(
        k < paired
          ? { position: at.position, character: at.character, typed: added[k] as string, status: 'wrong' }
          : { position: at.position, character: at.character, typed: '', status: 'missing' },
      );
    }
    for (let k = paired; k < added.length; k++)
      extras.push({ after: lastPosition(), typed: added[k] as string });
  }
  const count = (status: RecallStatus) => marks.filter((m) => m.status === status).length;
  const correct = count('correct');
  const denominator = expected.length + extras.length;
  return {
    marks,
    extras,
    correct,
    wrong: count('wrong'),
    missing: count('missing'),
    accuracy: denominator > 0 ? Math.round((correct / denominator) * 100) : 0,
    accepted: acceptedForms(marks),
  };
}
