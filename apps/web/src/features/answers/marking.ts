/**
 * How a marked answer reads (UI.md, "Marked answers"): 全對 / 部分正確 n/m 分 / 未達要求, the tone of
 * each, and whether an answer has points to list. Pure, so it is tested without a DOM.
 */
import type { AnswerMarking } from '@wenyan/contracts';

export type MarkingTone = 'jade' | 'amber' | 'brick';

/** The verdict's words and tone: partial credit reads 「部分正確 2/3 分」 in amber. */
export function verdictLabel(marking: AnswerMarking): { text: string; tone: MarkingTone } {
  if (marking.verdict === 'correct') return { text: '全對', tone: 'jade' };
  if (marking.verdict === 'partial') {
    return { text: `部分正確 ${marking.earned}/${marking.available} 分`, tone: 'amber' };
  }
  return { text: '未達要求', tone: 'brick' };
}

/** True when the answer was marked point by point or against a rubric (free text), not right-or-wrong. */
export function isMarkedByPoints(marking: AnswerMarking): boolean {
  return marking.points.length > 0 || marking.selfAssessed || marking.copied;
}
