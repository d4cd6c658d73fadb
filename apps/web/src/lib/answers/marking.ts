/**
 * How a marked answer reads (UI.md, "Marked answers"): 全對 / 部分正確 n/m 分 / 未達要求 / 待老師批閱,
 * the tone of each, and whether an answer has points to list. Pure, so it is tested without a DOM.
 */
import type { AnswerMarking } from '@wenyan/contracts';

export type MarkingTone = 'jade' | 'amber' | 'brick' | 'pending';

/** The verdict's words and tone: partial credit reads 「部分正確 2/3 分」 in amber. */
export function verdictLabel(marking: AnswerMarking): { text: string; tone: MarkingTone } {
  if (marking.verdict === 'pending') return { text: '待老師批閱', tone: 'pending' };
  if (marking.verdict === 'correct') return { text: '全對', tone: 'jade' };
  if (marking.verdict === 'partial') {
    return { text: `部分正確 ${marking.earned}/${marking.available} 分`, tone: 'amber' };
  }
  return { text: '未達要求', tone: 'brick' };
}

/** True when the answer was marked point by point or against a rubric (free text), not right-or-wrong. */
export function isMarkedByPoints(marking: AnswerMarking): boolean {
  return marking.points.length > 0 || marking.selfAssessed || marking.copied || marking.verdict === 'pending';
}

/**
 * The line under a pending answer's verdict: the marker's provisional points, and that XP and accuracy
 * wait for the teacher.
 */
export function pendingLine(marking: AnswerMarking): string | null {
  if (marking.verdict !== 'pending') return null;
  return `暫評 ${marking.earned}/${marking.available} 分。老師批閱後才會計算經驗值（XP）和正確率。`;
}

/**
 * How a missed point reads, by the kind of answer: a translation's point 「應譯作「…」」, a word's
 * meaning (字詞解釋, fill-in) 「應解作「…」」, a passage written from memory 「應寫作「…」」, and a short
 * answer's or any other point 「要點：…」 (it is not a translation, so 「應譯作」 would mislead).
 */
export function missedPointWords(questionType: string, expected: string): string {
  switch (questionType) {
    case 'sentence_translation':
    case 'translation':
      return `應譯作「${expected}」`;
    case 'fill_in_blank':
    case 'word_interpretation':
    case 'vocab_translation':
    case 'interpretation':
      return `應解作「${expected}」`;
    case 'recitation':
    case 'sentence_memorization':
    case 'sentence_recitation':
      return `應寫作「${expected}」`;
    default:
      return `要點：${expected}`;
  }
}
