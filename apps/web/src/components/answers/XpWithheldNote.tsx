/**
 * The line under a correct answer that earned no XP (issue 37): the answer is recorded for learning and
 * the schedule, and the reply says why it paid nothing.
 */
import type { XpWithheld } from '@wenyan/contracts';

/** What the learner reads for each reason (Traditional Chinese). */
export const XP_WITHHELD_MESSAGES: Readonly<Record<XpWithheld, string>> = {
  not_served: '答案已記錄，但這題不是在練習中取得，不計經驗值。',
  too_fast: '答得太快了：答案已記錄，但不計經驗值。請先細讀題目。',
  pace: '作答速度超出正常範圍：答案已記錄，但不計經驗值。',
  relearn: '剛看過答案：這次已記錄，待複習時答對才計經驗值。',
  unconfirmed: '自評答案已記錄，待老師確認後才計經驗值和準確率。',
};

export function XpWithheldNote({ reason }: { reason: XpWithheld | undefined }) {
  if (reason === undefined) return null;
  return (
    <p className="feedback-text text-brick" data-testid="xp-withheld" data-reason={reason}>
      {XP_WITHHELD_MESSAGES[reason]}
    </p>
  );
}
